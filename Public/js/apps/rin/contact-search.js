// The searchable, paged list of the book that Rin's pickers show in their dialogs (members for a
// circle, a card to merge with): the search box, the rows a picker draws, "More", and what to say
// when nothing matches. Typing searches again after a pause; an older answer never replaces a
// newer one.
import { h, uid } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { withProfile } from './acting.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText } from './state.js';

const DEBOUNCE_MS = 250;

/**
 * contactSearch({ testid, row(contact) -> li | null, emptyText(q) -> string, value? })
 * -> { el: [nodes for the form], alert, search, load(), stop() }. `testid` prefixes the parts
 * (`<testid>-search`, `-list`, `-more`, `-empty`) and names the alert `<testid>-error`.
 */
export function contactSearch({ testid, row, emptyText, value = '' }) {
  let timer = null;
  let controller = null;
  let more = null;
  const searchId = uid(`${testid}-q`);
  const search = h('input', { type: 'search', id: searchId, maxlength: '100', autocomplete: 'off', placeholder: 'Search your contacts',
    value, dataset: { testid: `${testid}-search` } });
  const list = h('ul', { class: 'rin-picker-list', 'aria-busy': 'true', dataset: { testid: `${testid}-list` } });
  const moreSlot = h('div');
  const empty = h('p', { class: 'muted', hidden: true, dataset: { testid: `${testid}-empty` } });
  const alert = formAlert(`${testid}-error`);
  const rows = (items) => items.map(row).filter(Boolean);

  async function load() {
    controller?.abort();
    controller = new AbortController();
    const mine = controller;
    const q = search.value.trim() || undefined;
    list.setAttribute('aria-busy', 'true');
    try {
      const page = await withProfile((pid) => client.listContacts(pid, { q, signal: mine.signal }));
      if (mine !== controller) return;
      alert.clear();
      more?.stop();
      more = moreButton({ testid: `${testid}-more`, fetchPage: (cursor) => withProfile((pid) => client.listContacts(pid, { q, cursor })),
        show: (next) => { if (mine === controller) list.append(...rows(next.items)); }, onError: (err) => alert.show(problemText(err)) });
      moreSlot.replaceChildren(more.el);
      list.replaceChildren(...rows(page.items));
      more.start(page);
      empty.hidden = list.children.length > 0;
      empty.textContent = emptyText(q);
    } catch (err) {
      if (err.name !== 'AbortError' && mine === controller) alert.show(problemText(err));
    } finally {
      if (mine === controller) list.setAttribute('aria-busy', 'false');
    }
  }

  search.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(load, DEBOUNCE_MS); });
  return {
    el: [h('label', { for: searchId, class: 'sr-only' }, 'Search your contacts'), h('div', { class: 'rin-search' }, icon('search'), search),
      alert.el, list, moreSlot, empty],
    alert,
    search,
    load,
    stop: () => { clearTimeout(timer); controller?.abort(); more?.stop(); },
  };
}
