// What a Rin screen shows while its data is on the way or could not come: "Loading…", then
// nothing, or the server's words (problem+json `detail`) with Try again when another try could
// work (offline, no answer in time, the server gone or busy).
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';

/** No answer, a 429 or a 5xx may go differently next time; a 404 or a 422 will not. */
export const mightWorkLater = (err) => err.isNetworkError || err.status === 429 || err.status >= 500;

export const problemText = (err) => err.detail || err.message || 'Something went wrong.';

/**
 * screenState(testid) -> { el, loading(text), failed(err, retry), done() }. `el` stays in the
 * page; its data-state (loading | error | done) is what tests and styles read.
 */
export function screenState(testid) {
  const text = h('p', { class: 'muted rin-state-text', role: 'status' });
  const alert = formAlert(`${testid}-error`);
  const retry = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: `${testid}-retry` } }, 'Try again');
  const el = h('div', { class: 'rin-state', dataset: { testid, state: 'loading' } }, text, alert.el, retry);
  let again = null;
  retry.addEventListener('click', () => again?.());

  return {
    el,
    loading(message = 'Loading…') {
      el.dataset.state = 'loading';
      text.textContent = message;
      alert.clear();
      retry.hidden = true;
    },
    failed(err, onRetry) {
      el.dataset.state = 'error';
      text.textContent = '';
      alert.show(problemText(err));
      again = onRetry;
      retry.hidden = !onRetry || !mightWorkLater(err);
    },
    done() {
      el.dataset.state = 'done';
      text.textContent = '';
      alert.clear();
      retry.hidden = true;
    },
  };
}
