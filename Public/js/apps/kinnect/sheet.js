// A sheet: a modal <dialog> that rises from the bottom on a phone and sits in the middle on a
// wider screen (kinnect.css). showModal() gives the focus trap, Escape and the inert page for
// free. It closes itself when the route changes, since it lives in <body>, outside the screens
// the router replaces.
import { h, uid } from '../../dom.js';
import { icon } from './icons.js';

/**
 * openSheet({ title, testid, body, footer, onClose }) -> { dialog, body, close() }.
 * body / footer: nodes; the body scrolls, the footer (a compose box) stays at the bottom.
 */
export function openSheet({ title, testid, body = [], footer = null, onClose }) {
  const opener = document.activeElement;
  const titleId = uid('kinnect-sheet-title');
  const closeButton = h('button', { type: 'button', class: 'kinnect-icon-button kinnect-sheet-close',
    'aria-label': 'Close', dataset: { testid: `${testid}-close` } }, icon('close'));
  const scroller = h('div', { class: 'kinnect-sheet-body' }, body);
  const dialog = h('dialog', { class: 'kinnect kinnect-sheet', 'aria-labelledby': titleId, dataset: { testid } },
    h('div', { class: 'kinnect-sheet-inner' },
      h('div', { class: 'kinnect-sheet-grabber', 'aria-hidden': 'true' }),
      h('header', { class: 'kinnect-sheet-head' }, h('h2', { id: titleId }, title), closeButton),
      scroller,
      footer ? h('div', { class: 'kinnect-sheet-foot' }, footer) : null));

  const close = () => { if (dialog.open) dialog.close(); };
  closeButton.addEventListener('click', close);
  // A click on the backdrop lands on the <dialog> itself (its content fills the box).
  dialog.addEventListener('click', (event) => { if (event.target === dialog) close(); });
  window.addEventListener('hashchange', close);
  dialog.addEventListener('close', () => {
    window.removeEventListener('hashchange', close);
    document.documentElement.classList.remove('kinnect-sheet-open');
    dialog.remove();
    onClose?.();
    if (opener?.isConnected && document.contains(opener)) opener.focus({ preventScroll: true });
  }, { once: true });

  document.body.append(dialog);
  document.documentElement.classList.add('kinnect-sheet-open'); // the page behind stays put
  dialog.showModal();
  closeButton.focus();
  return { dialog, body: scroller, close };
}
