// An import drawn in parts (RinImport): its counts, the lines of the file the reader skipped, and
// one line that sums it up for the list of imports. The progress screen and the list share them.
import { h } from '../../dom.js';
import { icon } from './icons.js';
import { IMPORT_PHASES, counted, whenText } from './words.js';

const number = (n) => new Intl.NumberFormat().format(n || 0);

/** The file's name as the list shows it, or what kind of file it was. */
export function importName(rinImport) {
  if (rinImport.fileName) return rinImport.fileName;
  return rinImport.source === 'vcard' ? 'A vCard file' : 'A CSV file';
}

export const importHref = (importId) => `#/rin/imports/${encodeURIComponent(importId)}`;

/** What the import has done so far: added, merged, to review. */
export function importCounts(rinImport) {
  const rows = [
    ['added', 'Added', rinImport.createdContacts, 'Contacts made from the file’s cards.'],
    ['merged', 'Merged', rinImport.merged, 'Sure duplicates made one. Each can be undone in Review.'],
    ['suggested', 'Suggested', rinImport.suggested, 'Pairs that may be one person, for you to look at in Review.'],
    ['conflicts', 'Conflicts', rinImport.conflicts, 'Fields a merge left with two values, for you to choose in Review.'],
  ];
  return h('dl', { class: 'rin-import-counts', dataset: { testid: 'rin-import-counts' } }, rows.map(([kind, label, n, help]) =>
    h('div', { class: 'rin-import-count', title: help, dataset: { testid: 'rin-import-count', kind, count: String(n || 0) } },
      h('dt', {}, label), h('dd', {}, number(n)))));
}

/** The lines a reader skipped or guessed at, by line number; null when there were none. */
export function importWarnings(rinImport) {
  const warnings = rinImport.warnings || [];
  if (!warnings.length) return null;
  return h('section', { class: 'rin-section rin-import-warnings', 'aria-labelledby': 'rin-import-warnings-title',
    dataset: { testid: 'rin-import-warnings' } },
  h('h2', { id: 'rin-import-warnings-title' }, icon('warning'), ` ${counted(warnings.length, 'line')} Rin couldn’t read`),
  h('p', { class: 'muted' }, 'The rest of the file was imported. Fix these in the file and import it again if they matter.'),
  h('ul', { class: 'rin-warning-list' }, warnings.map((w) =>
    h('li', { dataset: { testid: 'rin-import-warning', line: String(w.line) } },
      h('strong', {}, w.line ? `Line ${number(w.line)}` : 'The file'), ': ', w.message))));
}

/** "Done · 6 added, 1 merged · 24 November 2026 at 21:04". */
export function importSummary(rinImport) {
  const parts = [IMPORT_PHASES[rinImport.phase]?.text || rinImport.phase];
  if (rinImport.phase === 'done') {
    parts.push([`${number(rinImport.createdContacts)} added`, rinImport.merged ? `${number(rinImport.merged)} merged` : null]
      .filter(Boolean).join(', '));
  } else if (rinImport.phase !== 'failed') {
    parts.push(`${number(rinImport.processed)} of ${number(rinImport.total)}`);
  }
  parts.push(whenText(rinImport.createdAt));
  return parts.join(' · ');
}
