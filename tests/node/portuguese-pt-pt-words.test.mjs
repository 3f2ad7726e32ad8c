// Portugal's Portuguese (pt-PT) written as Portugal writes it, in the page's catalogue
// (www/text/i18n/pt-PT.json) and the audit-code documentation (crates/core/data/i18n/
// audit-codes.pt-PT.json). The pt-PT texts were first derived from the Brazilian ones, and every
// pass since has found a Brazilian word left behind ("podem ser buscados", "aprendizado de
// máquina", "Por quê"); a reader from Portugal notices each one. This holds the words and
// constructions a word check can tell reliably, and one plural for "URL".
//
// What is not checked here, because no word list tells it apart: clitic placement ("os
// rastreadores o mantêm" against "os rastreadores mantêm-no" depends on the clause), and the
// gerund that is a progressive ("está lendo") against one that is not ("incluindo").
//
// Run: node --test tests/node/portuguese-pt-pt-words.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { catalogueStrings, pageCatalogueFiles, readCatalogue } from './catalogue-strings.mjs';

const FILES = [...pageCatalogueFiles('pt-PT'), 'crates/core/data/i18n/audit-codes.pt-PT.json'];

/**
 * Words Portugal does not write, each with what the pt-PT texts write instead. Only words with no
 * other sense in these texts are listed: "salvo" (also "except"), "prévia" (also "prior") and
 * "controle" (also a form of "controlar") are left out for that reason.
 */
const BRAZILIAN = {
  ficheiro: 'arquivo arquivos',
  utilizador: 'usuário usuária usuários usuárias',
  'o verbo na 3.ª pessoa': 'você vocês',
  ecrã: 'tela telas',
  descarregar: 'baixar baixe baixado baixados baixada baixadas baixou',
  guardar: 'salvar salve salvou salvando',
  'registo, registar': 'registro registros registrar registrado registrada registrados registram',
  rastreio: 'rastreamento',
  treino: 'treinamento',
  aprendizagem: 'aprendizado',
  percentagem: 'porcentagem',
  'deteta, detetar': 'detecta detectam detectar detectado detectados',
  veredicto: 'veredito vereditos',
  partilhar: 'compartilha compartilham compartilhar compartilhado compartilhados',
  aceder: 'acessar acessa acessam acesse',
  'obter (fetch), pesquisa (search)': 'buscar busca buscam buscas buscado buscados buscada buscadas buscadores',
  'ligar, com um link': 'linkar linká linka',
  descodificar: 'decodifica decodificam decodificar decodificado decodificados decodificando',
  ligação: 'conexão conexões',
  retirado: 'aposentado aposentada aposentados aposentadas',
  forma: 'jeito',
  equipa: 'equipe equipes',
  aplicação: 'aplicativo aplicativos',
  contacto: 'contato contatos',
  secção: 'seção seções',
  gerir: 'gerenciar gerencia gerenciam gerenciado',
  verificar: 'checar checa checam',
  // Not Brazilian, but the texts' own term: "host" everywhere else.
  host: 'anfitrião anfitriões',
};

/** Constructions a pattern tells reliably, with what Portugal writes. */
// Word edges are written as "no letter either side": \b only knows ASCII letters, and "quê",
// "até" end in one it does not know.
const CONSTRUCTIONS = [
  // "precisa mudar": Portugal needs "de" before the infinitive ("precisa de mudar").
  [/(?<!\p{L})precis(?:a|am|ar|ou|e|em|ava|avam)\s+(?!de(?!\p{L}))\p{L}+[aeio]r(?!\p{L})/giu, 'precisar de + infinitivo'],
  [/(?<!\p{L})por\s+quê(?!\p{L})/giu, 'porquê'],
  // "obedecer" takes "a": "nenhum rastreador lhe obedece", never "a obedece".
  [/(?<!\p{L})(?:o|a|os|as)\s+obedecem?(?!\p{L})/giu, 'lhe/lhes obedece'],
  [/(?<!\p{L})obedecê-l[oa]s?(?!\p{L})/giu, 'obedecer-lhe(s)'],
  [/(?<!\p{L})por\s+até(?!\p{L})/giu, 'durante até, até'],
  [/(?<!\p{L})a\s+cada\s+(?:\d|\{|poucos|poucas|dois|duas|três)/giu, 'de N em N'],
];

/** A form of "ir": "vai buscar" is Portugal's own "fetch", and stays. */
const IR = new Set('ir vai vão ia iam vou foi fui irá irão'.split(' '));

const refused = new Map(
  Object.entries(BRAZILIAN).flatMap(([portugal, words]) =>
    words.split(' ').map((word) => [word, portugal]),
  ),
);

/**
 * The Brazilian words and constructions of one text. `key` is the text's key: an archive
 * ("arquivo da web", the crawler purpose "Arquivos") is a word Portugal writes too.
 */
function brazilianisms(text, key = '') {
  const found = [];
  const words = [...text.matchAll(/\p{L}+/gu)];
  for (const [index, match] of words.entries()) {
    const word = match[0].toLowerCase();
    if (!refused.has(word)) continue;
    const previous = words[index - 1]?.[0].toLowerCase();
    if (word.startsWith('busc') && IR.has(previous)) continue;
    if (word.startsWith('arquivo')) {
      const after = text.slice(match.index + match[0].length);
      if (/^\s+(?:da\s+)?web\b/u.test(after) || key.endsWith('.archive')) continue;
    }
    found.push(`${match[0]} (${refused.get(word)})`);
  }
  for (const [pattern, portugal] of CONSTRUCTIONS) {
    for (const match of text.matchAll(pattern)) found.push(`${match[0]} (${portugal})`);
  }
  return found;
}

/**
 * Words that may stand before a singular "URL". Portugal writes one plural, "URLs"; a bare "URL"
 * is how the invariable plural crept in ("os URL do site", "abrem URL que"), because Portuguese
 * drops the determiner of a singular count noun only as a noun adjunct ("prefixos de URL"), in an
 * absence ("sem URL", "não tem URL"), as a field's name ("o campo URL") and at the head of a label
 * ("URL ou caminho"). A count placeholder stands before it only in a text for one (`.one`).
 */
const BEFORE_SINGULAR_URL = new Set(
  `o do no ao pelo um num dum este deste neste esse desse nesse aquele daquele naquele nenhum algum
    qualquer cada outro mesmo seu próprio de sem tem campo`.split(/\s+/),
);

function pluralUrls(text, key = '') {
  const found = [];
  for (const match of text.matchAll(/(?:(\p{L}+|\{\w+\})[^\p{L}{}]+)?(?<!\p{L})URL(?!\p{L})/gu)) {
    const [whole, previous] = match;
    if (previous === undefined || BEFORE_SINGULAR_URL.has(previous.toLowerCase())) continue;
    if (previous.startsWith('{') && key.endsWith('.one')) continue;
    found.push(whole);
  }
  return found;
}

test('the word check finds Brazilian words and constructions in hand-written sentences', () => {
  assert.deepEqual(brazilianisms('Os URLs podem ser buscados pelo usuário.'), [
    'buscados (obter (fetch), pesquisa (search))',
    'usuário (utilizador)',
  ]);
  assert.deepEqual(brazilianisms('Se nada precisa mudar, salve o arquivo.'), [
    'salve (guardar)',
    'arquivo (ficheiro)',
    'precisa mudar (precisar de + infinitivo)',
  ]);
  assert.deepEqual(brazilianisms('Nenhum rastreador a obedece; Por quê?'), [
    'Por quê (porquê)',
    'a obedece (lhe/lhes obedece)',
  ]);
  assert.deepEqual(brazilianisms('Guarda uma cópia por até 24 horas e lê feeds a cada 5 minutos.'), [
    'por até (durante até, até)',
    'a cada 5 (de N em N)',
  ]);
  assert.deepEqual(brazilianisms('A Busca não muda; o rastreamento continua.'), [
    'Busca (obter (fetch), pesquisa (search))',
    'rastreamento (rastreio)',
  ]);
  // Portugal's own words and idioms stay.
  assert.deepEqual(brazilianisms('A página nunca vai buscar nada; precisa de JavaScript.'), []);
  assert.deepEqual(brazilianisms('Motores de pesquisa e arquivos da web leem-no; o arquivo web.'), []);
  assert.deepEqual(brazilianisms('Arquivos', 'policy.purpose.archive'), []);
  assert.deepEqual(brazilianisms('Nenhum rastreador lhe obedece; porquê? Uma cópia até 24 horas.'), []);
  assert.deepEqual(brazilianisms('salvo indicação em contrário, uma autorização prévia'), []);
});

test('the URL check finds the invariable plural in hand-written sentences', () => {
  assert.deepEqual(pluralUrls('Se os URL do site contêm acentos'), ['os URL']);
  assert.deepEqual(pluralUrls('{count} deles abrem URL que o ficheiro bloqueia.'), ['abrem URL']);
  assert.deepEqual(pluralUrls('só abrange URL também codificados'), ['abrange URL']);
  assert.deepEqual(pluralUrls('Não há URL na lista', 'lists.no-urls'), ['há URL']);
  assert.deepEqual(pluralUrls('{count} URL, lidos como texto', 'lists.read.other'), ['{count} URL']);
  assert.deepEqual(
    pluralUrls('URL ou caminho: um URL completo, o campo URL, prefixos de URL, sem URL; os URLs.'),
    [],
  );
  assert.deepEqual(pluralUrls('{count} URL, lido como texto', 'lists.read.one'), []);
});

for (const file of FILES) {
  test(`${file} has no Brazilian words or constructions`, () => {
    const problems = [];
    for (const [key, text] of catalogueStrings(readCatalogue(file))) {
      for (const found of brazilianisms(text, key)) problems.push(`${key}: ${found}`);
    }
    assert.deepEqual(problems, []);
  });

  test(`${file} writes the plural of "URL" as "URLs"`, () => {
    const problems = [];
    for (const [key, text] of catalogueStrings(readCatalogue(file))) {
      for (const found of pluralUrls(text, key)) problems.push(`${key}: «${found}»`);
    }
    assert.deepEqual(problems, []);
  });
}
