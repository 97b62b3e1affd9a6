// A letter's two ways out of the editor: Send (after saying that a sent letter can never be
// changed, and only once every change is saved) and Discard.
import { h } from '../../dom.js';
import * as client from './client.js';

/**
 * createLetterActions({ page, doc, bookRoute, navigate, flash, alert, isAlive(), onDone() }) -> the
 * footer element. onDone() once the letter has left the editor (sent or thrown away).
 */
export function createLetterActions({ page, doc, bookRoute, navigate, flash, alert, isAlive, onDone }) {
  const send = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'memories-send-letter' } }, 'Send letter');
  const discard = h('button', { type: 'button', class: 'btn', dataset: { testid: 'memories-discard-letter' } }, 'Discard');

  send.addEventListener('click', async () => {
    if (!doc.canvas.elements.length) { alert.show('Write or draw something before sending this letter.'); return; }
    if (!window.confirm('Send this letter? Once it is sent it becomes a page of your book, and it can’t be changed.')) return;
    send.disabled = true;
    try {
      if (!(await doc.flush())) throw new Error('The letter couldn’t be saved, so it wasn’t sent. Check your connection and try again.');
      await client.sendLetter(page.id);
      onDone();
      flash('Your letter is sent. It is in your book for good.', 'success', 'memories-sent');
      navigate(bookRoute);
    } catch (err) {
      if (isAlive()) { send.disabled = false; alert.show(err.detail || err.message); }
    }
  });

  discard.addEventListener('click', async () => {
    if (!window.confirm('Throw this letter away? It can’t be brought back.')) return;
    discard.disabled = true;
    try {
      await client.deleteDraft(page.id);
      doc.stop();
      onDone();
      navigate(`/memories/book/${encodeURIComponent(page.bookId)}`);
    } catch (err) {
      if (isAlive()) { discard.disabled = false; alert.show(err.detail || err.message); }
    }
  });

  return h('div', { class: 'actions memories-editor-foot' }, send, discard);
}
