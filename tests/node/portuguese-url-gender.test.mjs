// One grammatical gender for "URL" in each Portuguese variant. Portugal writes "o URL" (it is
// "o endereço"), Brazil "a URL"; a catalogue that says "esta URL" in one sentence and "este URL"
// in the next reads as careless. The check covers the page's catalogues (www/text/i18n/pt-PT.json,
// pt-BR.json) and the audit-code documentation (crates/core/data/i18n/audit-codes.pt-PT.json,
// pt-BR.json), so the two surfaces a reader sees side by side agree.
//
// What counts as a gendered word next to "URL"/"URLs": the word just before it (article,
// contraction, demonstrative, quantifier, possessive: "uma URL", "nesta URL", "nenhuma das suas
// URLs" is caught at "suas"), an adjective or participle just after it ("URL completa",
// "URL, lida como"), and a participle after a linking verb ("a URL é permitida"). Texts whose
// unnamed subject is the checked URL (the verdict words "Permitido"/"Bloqueado" and the like)
// are listed by key, because nothing in their words says what they describe.
//
// Run: node --test tests/node/portuguese-url-gender.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { catalogueStrings, pageCatalogueFiles, readCatalogue, readPageCatalogue } from './catalogue-strings.mjs';

/** Determiners and other words that agree with the noun they stand before, by gender. */
const BEFORE = {
  feminine: `a as à às da das na nas pela pelas uma umas numa numas duma dumas esta estas essa
    essas aquela aquelas desta destas nesta nestas dessa dessas nessa nessas daquela daquelas
    naquela naquelas àquela àquelas nenhuma nenhumas alguma algumas toda todas outra outras mesma
    mesmas própria próprias muita muitas pouca poucas várias tanta tantas quanta quantas sua suas
    minha minhas tua tuas nossa nossas vossa vossas certa certas primeira primeiras última
    últimas única únicas`,
  masculine: `o os ao aos do dos no nos pelo pelos um uns num nuns dum duns este estes esse esses
    aquele aqueles deste destes neste nestes desse desses nesse nesses daquele daqueles naquele
    naqueles àquele àqueles nenhum nenhuns algum alguns todo todos outro outros mesmo mesmos
    próprio próprios muitos poucos vários tanto tantos quantos seu seus meu meus teu teus nosso
    nossos vosso vossos certo certos primeiro primeiros último últimos único únicos`,
};

/** Adjectives that follow "URL" and are not participles (those are told by their ending). */
const ADJECTIVES = `completo absoluto relativo longo curto vazio inteiro aberto próprio novo antigo
  exato`;

/** Nouns and adverbs with a participle's ending that may stand after "URL" without agreeing. */
const NOT_AGREEING = new Set('nada cada lado estado resultado sentido cuidado'.split(' '));

// A linking verb of the same number as "URL"/"URLs": "URL são lidos" has a plural subject of
// which the URL is one part ("o ficheiro, o agente e a URL"), and "URLs é visado" agrees with the
// noun the URLs belong to ("outro conjunto de URLs"); neither says the URL's gender.
const LINKING = {
  URL: String.raw`(?:não\s+)?(?:é|foi|for|seja|fica|está|(?:pode|deve)\s+ser)`,
  URLs: String.raw`(?:não\s+)?(?:são|foram|forem|sejam|ficam|estão|(?:podem|devem)\s+ser)`,
};

const VARIANTS = {
  'pt-PT': { gender: 'masculine', wrong: 'feminine' },
  'pt-BR': { gender: 'feminine', wrong: 'masculine' },
};

/**
 * Texts whose unnamed subject is the URL being checked: the verdict shown for it ("Permitido
 * pela linha 3"), its pinned expectations, the list's per-URL cells and counts. Their first
 * participle agrees with "URL".
 */
const ABOUT_THE_URL = [
  'header.allowed',
  'header.disallowed',
  'render.allowed',
  'render.disallowed',
  'render.decided-by',
  'render.reason.no-rule-matched.sentence',
  'render.reason.empty-rule-matched.sentence',
  'render.reason.no-group-applies.sentence',
  'render.reason.implicit-robots-txt-allow.sentence',
  'render.reason.file-unavailable.sentence',
  'render.reason.file-unreachable.sentence',
  'render.reason.reader-error.sentence',
  'selftest.allowed',
  'selftest.disallowed',
  'pins.must-allowed',
  'pins.must-blocked',
  'pins.is-allowed',
  'pins.is-blocked',
  'pins.now-allowed',
  'pins.now-blocked',
  'lists.allowed',
  'lists.blocked',
  'lists.column.allowed',
  'lists.column.blocked',
  'lists.duplicates',
  'lists.over-limit',
];

const words = (list) => new Set(list.trim().split(/\s+/));
const WORD = String.raw`[\p{L}]+`;

/** A checker for one gender: each finding names the text and the words that disagree. */
function genderChecker(wrong) {
  const before = words(BEFORE[wrong]);
  const vowel = wrong === 'feminine' ? 'a' : 'o';
  const participle = new RegExp(String.raw`^\p{L}+[ai]d${vowel}s?$`, 'u');
  const adjectives = new Set(
    [...words(ADJECTIVES)].flatMap((word) => {
      const stem = word.slice(0, -1);
      return [`${stem}${vowel}`, `${stem}${vowel}s`];
    }),
  );
  const agrees = (word) => !NOT_AGREEING.has(word) && (participle.test(word) || adjectives.has(word));
  const nextTo = new RegExp(String.raw`(?:(${WORD})\s+)?\bURLs?\b(?:,?\s+(${WORD}))?`, 'gu');
  const linked = new RegExp(String.raw`\b(?:URL\s+${LINKING.URL}|URLs\s+${LINKING.URLs})\s+(${WORD})`, 'gu');
  return (text) => {
    const found = [];
    for (const match of text.matchAll(nextTo)) {
      const [whole, previous, next] = match;
      if (previous && before.has(previous.toLowerCase())) found.push(whole);
      else if (next && agrees(next.toLowerCase())) found.push(whole);
    }
    for (const match of text.matchAll(linked)) {
      if (agrees(match[1].toLowerCase())) found.push(match[0]);
    }
    return found;
  };
}

test('the checker tells the genders apart in hand-written sentences', () => {
  const feminine = genderChecker('feminine');
  const masculine = genderChecker('masculine');
  assert.deepEqual(feminine('Indique uma URL completa.'), ['uma URL completa']);
  assert.deepEqual(feminine('Nenhuma das suas URLs, lidas como texto.'), ['suas URLs, lidas']);
  assert.deepEqual(feminine('O leitor falha nesta URL.'), ['nesta URL']);
  assert.deepEqual(feminine('Cada URL é bloqueada.'), ['URL é bloqueada']);
  assert.deepEqual(feminine('Cada URL pode ser obtida.'), ['URL pode ser obtida']);
  assert.deepEqual(feminine('Os URLs não são lidas.'), ['URLs não são lidas']);
  assert.deepEqual(masculine('O arquivo e a URL são lidos; um conjunto de URLs é visado.'), []);
  assert.deepEqual(feminine('Indique um URL completo; cada URL da lista; o campo URL.'), []);
  assert.deepEqual(masculine('O que se pode fazer com este URL'), ['este URL']);
  assert.deepEqual(masculine('(não é um URL absoluto)'), ['um URL absoluto']);
  assert.deepEqual(masculine('Esta URL não pode ser rastreada; toda URL, lida como texto.'), []);
  // A participle's ending on a word that is not one ("cada", "nada") is no agreement.
  assert.deepEqual(feminine('o URL cada vez; o URL nada muda'), []);
});

for (const [variant, { gender, wrong }] of Object.entries(VARIANTS)) {
  const check = genderChecker(wrong);
  const files = [...pageCatalogueFiles(variant), `crates/core/data/i18n/audit-codes.${variant}.json`];

  test(`${variant} treats "URL" as ${gender} in every text of the page and the audit docs`, () => {
    const problems = [];
    for (const file of files) {
      for (const [key, text] of catalogueStrings(readCatalogue(file))) {
        for (const words of check(text)) problems.push(`${file}: ${key}: «${words}»`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test(`${variant} words for the checked URL's verdict are ${gender}`, () => {
    const catalogue = readPageCatalogue(variant);
    const ending = wrong === 'feminine' ? /[ai]das?$/u : /[ai]dos?$/u;
    const problems = [];
    for (const key of ABOUT_THE_URL) {
      assert.ok(Object.hasOwn(catalogue, key), `${variant}: ${key} is not in the catalogue`);
      const first = catalogue[key].match(new RegExp(String.raw`\p{L}+[ai]d[oa]s?\b`, 'u'))?.[0];
      assert.ok(first, `${variant}: ${key} has no participle to agree: ${catalogue[key]}`);
      if (ending.test(first)) problems.push(`${key}: «${first}» in ${catalogue[key]}`);
    }
    assert.deepEqual(problems, []);
  });
}
