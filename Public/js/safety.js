// Blocking and reporting, offered wherever a person or their content is shown: any app adds
// safetyActions(...) next to a person, and a report names the app's own content kind.
import { h, uid } from './dom.js';
import { formAlert, setPending } from './forms.js';
import * as kindred from './kindred-client.js';

/** The contract's reasons (ReportReason), as people read them. */
export const REPORT_REASONS = [
  ['spam', 'Spam or scam'],
  ['harassment', 'Harassment or bullying'],
  ['hate', 'Hate speech'],
  ['violence', 'Violence or threats'],
  ['nudity', 'Nudity or sexual content'],
  ['impersonation', 'Pretending to be someone else'],
  ['self-harm', 'Self-harm or suicide'],
  ['other', 'Something else'],
];

/**
 * A dialog that reports `target` ({ kind, id }) with a reason and an optional note. Resolves to
 * the report, or null when the person cancels.
 */
export function reportDialog(target, { title = 'Report' } = {}) {
  return new Promise((resolve) => {
    const name = uid('reason');
    const alert = formAlert('report-error');
    const note = h('textarea', { name: 'note', maxlength: '1000', rows: '3', dataset: { testid: 'report-note' },
      id: uid('note') });
    const send = h('button', { type: 'submit', class: 'btn btn-danger', dataset: { testid: 'report-send' } }, 'Send report');
    const cancel = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'report-cancel' } }, 'Cancel');
    const reasons = REPORT_REASONS.map(([value, label], i) => h('label', { class: 'choice' },
      h('input', { type: 'radio', name, value, required: true, checked: i === 0 ? true : undefined, dataset: { testid: `report-reason-${value}` } }),
      ' ', label));
    const form = h('form', { method: 'dialog', class: 'report-form' },
      h('h2', {}, title),
      h('p', { class: 'muted' }, 'Reports go to the people who run Kindred. The person is not told who reported them.'),
      h('fieldset', {}, h('legend', {}, 'What’s wrong?'), ...reasons),
      h('label', { for: note.id }, 'Anything else they should know (optional)'), note,
      alert.el,
      h('div', { class: 'actions' }, send, cancel));
    const dialog = h('dialog', { class: 'report-dialog', dataset: { testid: 'report-dialog' } }, form);
    let result = null;
    const close = () => dialog.close();
    cancel.addEventListener('click', close);
    dialog.addEventListener('close', () => { dialog.remove(); resolve(result); });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      alert.clear();
      setPending(form, send, true, 'Sending…');
      try {
        const reason = form.querySelector(`input[name="${name}"]:checked`)?.value || 'other';
        result = await kindred.report(target, reason, note.value.trim() || undefined);
        close();
      } catch (err) {
        setPending(form, send, false);
        alert.show(err.detail || err.message);
      }
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * "Report" and "Block" for a person ({ username, displayName }). onBlocked() runs after a block
 * (the screen removes them); onDone(message) tells the screen what happened.
 */
export function safetyActions(person, { onBlocked, onDone, onError } = {}) {
  const reportButton = h('button', { type: 'button', class: 'linklike', dataset: { testid: 'person-report' } }, 'Report');
  const blockButton = h('button', { type: 'button', class: 'linklike danger-link', dataset: { testid: 'person-block' } }, 'Block');
  const who = person.displayName || person.username;
  reportButton.addEventListener('click', async () => {
    const filed = await reportDialog({ kind: 'profile', id: person.username }, { title: `Report ${who}` });
    if (filed) onDone?.('Thanks. Your report was sent.');
  });
  blockButton.addEventListener('click', async () => {
    if (!window.confirm(`Block ${who}? You won’t see each other anywhere in Kindred, and anything connecting you ends. `
      + 'They aren’t told.')) return;
    blockButton.disabled = true;
    try {
      await kindred.block(person.username);
      onDone?.(`${who} is blocked.`);
      onBlocked?.();
    } catch (err) {
      blockButton.disabled = false;
      onError?.(err);
    }
  });
  return h('span', { class: 'safety-actions' }, reportButton, blockButton);
}

/**
 * "Unblock" for one row of a list of blocks, named `who`. `lift()` lifts the block; then (or on a
 * 404: lifted on another device meanwhile, gone either way) `onLifted()` removes the row and
 * `status` says `message`. Any other failure shows in `alert` and the button comes back.
 */
export function unblockButton(who, lift, { testid, alert, status, message, onLifted }) {
  const button = h('button', { type: 'button', class: 'btn', dataset: { testid }, 'aria-label': `Unblock ${who}` }, 'Unblock');
  button.addEventListener('click', async () => {
    button.disabled = true;
    alert.clear();
    status.clear();
    try {
      await lift();
    } catch (err) {
      if (err.status !== 404) {
        button.disabled = false;
        alert.show(err.detail || err.message);
        return;
      }
    }
    onLifted();
    status.show(message);
  });
  return button;
}
