// Choosing a contacts file (a vCard, or a Google or Outlook CSV export) and sending its bytes as
// they are: the server reads the whole file before it keeps anything. A broken file is refused
// with the server's words, which name the line; a file sent before is that import again.
import { h, uid } from '../../dom.js';
import { newId } from '../../device.js';
import { formAlert } from '../../forms.js';
import { withProfile } from './acting.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { mightWorkLater, problemText } from './state.js';
import { whenText } from './words.js';

const ACCEPT = '.vcf,.vcard,.csv,text/vcard,text/csv';
const MAX_MB = Math.round(client.IMPORT_MAX_BYTES / (1024 * 1024));

/** What to say when the file went into this book before: the server answered with that import. */
export const importedBefore = (rinImport) =>
  `This file was imported on ${whenText(rinImport.createdAt)}; nothing changed.`;

/**
 * importPicker({ testid, onImported(rinImport, { again }) }) -> { el }. `again`: the server had
 * this very file already (200), so nothing was imported now.
 */
export function importPicker({ testid = 'rin-import', label = 'Import a file', onImported }) {
  let job = null; // { file, key }: kept for Retry, which sends the same key
  const inputId = uid('rin-import-file');
  const hintId = `${inputId}-hint`;
  const input = h('input', { type: 'file', id: inputId, class: 'sr-only', accept: ACCEPT, 'aria-describedby': hintId,
    dataset: { testid: `${testid}-file` } });
  const choose = h('label', { for: inputId, class: 'btn', dataset: { testid: `${testid}-choose` } }, icon('upload'), label);
  const retry = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: `${testid}-retry` } }, 'Try again');
  const progress = h('progress', { max: '100', value: '0', hidden: true, dataset: { testid: `${testid}-sending` } });
  const sending = h('p', { class: 'muted rin-import-sending', role: 'status' });
  const alert = formAlert(`${testid}-error`);

  async function run() {
    const current = job;
    alert.clear();
    retry.hidden = true;
    input.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    sending.textContent = `Sending ${current.file.name}…`;
    try {
      const { status, body } = await withProfile((pid) => client.createImport(pid, current.file, {
        idempotencyKey: current.key, onProgress: (f) => { progress.value = Math.round(f * 100); } }));
      job = null;
      onImported?.(body, { again: status === 200 });
    } catch (err) {
      // A 422 names the line that stopped the server reading; nothing of the file was kept.
      alert.show(problemText(err));
      if (mightWorkLater(err)) retry.hidden = false; else job = null;
    } finally {
      progress.hidden = true;
      sending.textContent = '';
      input.disabled = false;
    }
  }

  input.addEventListener('change', () => {
    const file = input.files[0];
    input.value = ''; // the same file may be chosen again after a fix
    if (!file || job) return;
    if (file.size > client.IMPORT_MAX_BYTES) {
      alert.show(`That file is larger than ${MAX_MB} MB. Export fewer contacts at a time.`);
      return;
    }
    if (file.size === 0) { alert.show('That file is empty.'); return; }
    job = { file, key: newId() };
    run();
  });
  retry.addEventListener('click', () => { if (job) run(); });

  const el = h('div', { class: 'rin-import-picker', dataset: { testid } },
    h('div', { class: 'rin-import-row' }, input, choose, retry),
    h('p', { class: 'hint', id: hintId }, 'A vCard (.vcf) or a CSV exported from Google Contacts or Outlook. Nothing is written back to it.'),
    progress, sending, alert.el);
  return { el };
}
