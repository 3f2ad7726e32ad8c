/**
 * Where the guide explains each thing the page reports: the anchor of the section for an audit
 * code or a verdict's reason. Apart from guide.js so that the verdict and the findings can link
 * to the guide without loading it.
 */

/** Where each audit code is explained: its section's anchor. */
const CODE_SECTIONS = {
  RL101: 'status',
  RL105: 'status',
  RL301: 'mistakes',
  RL302: 'mistakes',
  RL303: 'verdict',
  RL304: 'verdict',
  RL305: 'verdict',
  RL306: 'limits',
  RL307: 'verdict',
  RL308: 'shape',
  RL309: 'verdict',
  RL405: 'verdict',
  RL406: 'mistakes',
  RL408: 'mistakes',
  RL501: 'limits',
  RL502: 'extensions',
  RL503: 'extensions',
  RL504: 'extensions',
  RL505: 'extensions',
};
/** Codes not listed above: by their hundred (file, lines, groups, patterns, directives). */
const SERIES_SECTIONS = { 1: 'shape', 2: 'shape', 3: 'verdict', 4: 'patterns', 5: 'extensions' };

/** The anchor (`#guide-…`) of the guide section that explains audit code `code` (`RL302`). */
export function guideAnchorForCode(code) {
  const section = CODE_SECTIONS[code] ?? SERIES_SECTIONS[String(code).charAt(2)] ?? 'shape';
  return `#guide-${section}`;
}

/** The anchor of the section that explains a verdict's `reason` (the engine's reason id). */
export function guideAnchorForReason(reason) {
  switch (reason) {
    case 'file-unavailable':
    case 'file-unreachable':
    case 'beyond-size-limit':
      return '#guide-status';
    case 'implicit-robots-txt-allow':
      return '#guide-faq-robots';
    default:
      return '#guide-verdict';
  }
}
