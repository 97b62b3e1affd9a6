// A modal <dialog> an app opens for a small form or picker: showModal() gives the focus trap,
// Escape and the inert page. It closes itself when the route changes, since it lives in <body>,
// outside the screens the router replaces, and gives the focus back to what opened it. The app
// names its class prefix (`<app>-dialog`, `<app>-dialog-head`, …), so its stylesheet dresses it.
import { h, uid } from './dom.js';

/** openModal({ app, title, testid, body, closeContent, closeClass, onClose }) -> { dialog, close() }. */
export function openModal({ app, title, testid, body = [], closeContent, closeClass = '', onClose }) {
  const opener = document.activeElement;
  const titleId = uid(`${app}-dialog-title`);
  const closeButton = h('button', { type: 'button', class: `${app}-icon-button ${closeClass}`.trim(), 'aria-label': 'Close',
    dataset: { testid: `${testid}-close` } }, closeContent);
  const dialog = h('dialog', { class: `${app} ${app}-dialog`, 'aria-labelledby': titleId, dataset: { testid } },
    h('header', { class: `${app}-dialog-head` }, h('h2', { id: titleId }, title), closeButton),
    h('div', { class: `${app}-dialog-body` }, body));
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
