// Search: people whose username, or any word of whose name, starts with what I type, each with
// the follow button as it stands. Typing is debounced, and an older answer arriving late never
// replaces a newer one.
import { h, uid } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { followButton } from './follow-button.js';
import { personRow } from './person.js';

const DEBOUNCE_MS = 250;
const Q_MAX = 50;

export function render(root) {
  let alive = true;
  let timer = null;
  let controller = null;
  const alert = formAlert('kinnect-search-error');
  const input = h('input', { type: 'search', id: uid('kinnect-q'), maxlength: String(Q_MAX), autocomplete: 'off',
    autocapitalize: 'none', spellcheck: 'false', enterkeyhint: 'search', placeholder: 'Search by name or username',
    dataset: { testid: 'kinnect-search-input' } });
  const status = h('p', { class: 'muted kinnect-search-status', role: 'status', dataset: { testid: 'kinnect-search-status' } },
    'Find family and friends by their name or username.');
  const results = h('ul', { class: 'kinnect-people', dataset: { testid: 'kinnect-search-results' }, 'aria-label': 'Results' });
  const form = h('form', { class: 'kinnect-search', role: 'search', novalidate: true },
    h('label', { for: input.id, class: 'sr-only' }, 'Search people'), input);
  root.append(h('h1', { tabindex: '-1', class: 'kinnect-title' }, 'Search'), form, alert.el, status, results);

  async function search(q) {
    controller?.abort();
    controller = new AbortController();
    const mine = controller;
    alert.clear();
    results.setAttribute('aria-busy', 'true');
    try {
      const { items } = await client.searchPeople(q, { signal: mine.signal });
      if (!alive || mine !== controller) return;
      results.replaceChildren(...items.map((person) => {
        const button = followButton(person.profile, { state: person.state,
          onError: (err) => alert.show(err.detail || err.message) });
        return personRow(person.profile, { actions: [button.el], testid: 'kinnect-search-result' });
      }));
      status.textContent = items.length ? `${items.length === 1 ? '1 person' : `${items.length} people`} found.` : `No one found for “${q}”.`;
    } catch (err) {
      if (err.name === 'AbortError' || !alive || mine !== controller) return;
      alert.show(err.detail || err.message);
    } finally {
      if (mine === controller) results.setAttribute('aria-busy', 'false');
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const q = input.value.trim().replace(/^@/, '').slice(0, Q_MAX);
    if (!q) {
      controller?.abort();
      results.replaceChildren();
      status.textContent = 'Find family and friends by their name or username.';
      return;
    }
    timer = setTimeout(() => search(q), DEBOUNCE_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    const q = input.value.trim().replace(/^@/, '').slice(0, Q_MAX);
    if (q) search(q);
  });
  queueMicrotask(() => { if (alive && !matchMedia('(pointer: coarse)').matches) input.focus(); });
  return () => { alive = false; clearTimeout(timer); controller?.abort(); };
}
