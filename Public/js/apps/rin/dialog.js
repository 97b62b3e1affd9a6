// A modal <dialog> for Rin's pickers: showModal() gives the focus trap, Escape and the inert page.
// It closes itself when the route changes, since it lives in <body>, outside the screens the
// router replaces.
import { h, uid } from '../../dom.js';
import { icon } from './icons.js';

/** openDialog({ title, testid, body, onClose }) -> { dialog, close() }. */
export function openDialog({ title, testid, body = [], onClose }) {
  const opener = document.activeElement;
  const titleId = uid('rin-dialog-title');
  const closeButton = h('button', { type: 'button', class: 'rin-icon-button', 'aria-label': 'Close',
    dataset: { testid: `${testid}-close` } }, icon('close'));
  const dialog = h('dialog', { class: 'rin rin-dialog', 'aria-labelledby': titleId, dataset: { testid } },
    h('header', { class: 'rin-dialog-head' }, h('h2', { id: titleId }, title), closeButton),
    h('div', { class: 'rin-dialog-body' }, body));
  const close = () => { if (dialog.open) dialog.close(); };
  closeButton.addEventListener('click', close);
  dialog.addEventListener('click', (event) => { if (event.target === dialog) close(); });
  window.addEventListener('hashchange', close);
  dialog.addEventListener('close', () => {
    window.removeEventListener('hashchange', close);
    dialog.remove();
    onClose?.();
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  }, { once: true });
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, close };
}
