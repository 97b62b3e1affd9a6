// A merge that stands (RinMergeRecord): which two contacts became one, how (an import was sure,
// a suggestion I accepted, or by hand), and Undo, which puts both back exactly as they were.
// The server refuses with a 409 when a later merge must go first, or when the merged contact was
// edited since: then it says so, and "Undo anyway" lets those edits go.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { contactHref } from './contact-row.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { percentText, whenText } from './words.js';

const HOW = {
  auto: (m) => `Merged by an import, ${percentText(m.confidence)} sure`,
  accepted: () => 'Merged from a suggestion',
  manual: () => 'Merged by you',
};

/** mergeRow(merge, { onUndone({ survivor, restored }) }) -> <li>. */
export function mergeRow(merge, { onUndone }) {
  const alert = formAlert('rin-merge-error');
  const undo = h('button', { type: 'button', class: 'btn rin-small-btn', dataset: { testid: 'rin-merge-undo' },
    'aria-label': `Undo the merge of ${merge.absorbedName} into ${merge.survivorName}` }, icon('undo'), 'Undo');
  const anyway = h('button', { type: 'button', class: 'btn rin-small-btn danger-link', hidden: true,
    dataset: { testid: 'rin-merge-undo-anyway' } }, 'Undo anyway');

  async function run(discardEdits) {
    undo.disabled = true;
    anyway.disabled = true;
    alert.clear();
    try {
      onUndone?.(await client.undoMerge(merge.id, { discardEdits }));
    } catch (err) {
      undo.disabled = false;
      anyway.disabled = false;
      alert.show(problemText(err));
      // Edited since: the server names `discardEdits`, the one thing that would let it go ahead.
      anyway.hidden = !(err.status === 409 && 'discardEdits' in err.fieldErrors);
    }
  }
  undo.addEventListener('click', () => run(false));
  anyway.addEventListener('click', () => run(true));

  const names = merge.survivorName === merge.absorbedName
    ? [h('a', { href: contactHref(merge.survivorId) }, merge.survivorName), ', two cards made one']
    : [h('a', { href: contactHref(merge.survivorId) }, merge.survivorName), ` and ${merge.absorbedName}`];
  return h('li', { class: 'rin-merge', dataset: { testid: 'rin-merge', id: merge.id, kind: merge.kind,
    survivor: merge.survivorName, absorbed: merge.absorbedName } },
  h('span', { class: 'rin-field-icon' }, icon('merge')),
  h('span', { class: 'rin-merge-body' },
    h('span', { class: 'rin-merge-names' }, names),
    h('span', { class: 'muted rin-contact-sub' }, `${(HOW[merge.kind] || HOW.manual)(merge)} · ${whenText(merge.createdAt)}`)),
  h('span', { class: 'rin-merge-actions' }, undo, anyway),
  alert.el);
}
