// Picking contacts of the book for a circle: search, tick, add. Those already in the circle are
// ticked and can't be unticked here (taking someone out is the circle page's Remove).
import { h, uid } from '../../dom.js';
import { formAlert, setPending } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { withProfile } from './acting.js';
import * as client from './client.js';
import { openDialog } from './dialog.js';
import { icon } from './icons.js';
import { problemText } from './state.js';

const DEBOUNCE_MS = 250;
const PER_CALL = 100; // addRinCircleMembers takes at most 100 ids at once

/** openMemberPicker({ circle, inCircle: Set of contact ids (upper case), onAdded(count) }) */
export function openMemberPicker({ circle, inCircle, onAdded }) {
  const chosen = new Set();
  let timer = null;
  let controller = null;
  let more = null;
  const searchId = uid('rin-pick-q');
  const search = h('input', { type: 'search', id: searchId, maxlength: '100', autocomplete: 'off', placeholder: 'Search your contacts',
    dataset: { testid: 'rin-picker-search' } });
  const list = h('ul', { class: 'rin-picker-list', 'aria-busy': 'true', dataset: { testid: 'rin-picker-list' } });
  const moreSlot = h('div');
  const empty = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-picker-empty' } });
  const alert = formAlert('rin-picker-error');
  const add = h('button', { type: 'submit', class: 'btn btn-primary', disabled: true, dataset: { testid: 'rin-picker-add' } }, 'Add');
  const form = h('form', { class: 'rin-picker', novalidate: true },
    h('label', { for: searchId, class: 'sr-only' }, 'Search your contacts'),
    h('div', { class: 'rin-search' }, icon('search'), search),
    alert.el, list, moreSlot, empty,
    h('div', { class: 'actions rin-picker-foot' }, add));
  const { close } = openDialog({ title: `Add to ${circle.name}`, testid: 'rin-picker', body: [form],
    onClose: () => { clearTimeout(timer); controller?.abort(); more?.stop(); } });

  function updateAdd() {
    add.disabled = chosen.size === 0;
    add.textContent = chosen.size ? `Add ${chosen.size}` : 'Add';
  }

  function row(contact) {
    const key = contact.id.toUpperCase();
    const already = inCircle.has(key);
    const id = uid('rin-pick');
    const box = h('input', { type: 'checkbox', id, checked: already || chosen.has(key), disabled: already, dataset: { testid: 'rin-picker-check' } });
    box.addEventListener('change', () => {
      if (box.checked) chosen.add(key); else chosen.delete(key);
      updateAdd();
    });
    return h('li', { class: 'rin-picker-row', dataset: { testid: 'rin-picker-row', name: contact.displayName } }, box,
      h('label', { for: id },
        h('span', { class: 'rin-contact-name' }, contact.displayName),
        h('span', { class: 'muted rin-contact-sub' }, already ? 'Already in this circle' : (contact.phone || contact.email || contact.organization || ''))));
  }

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
      more = moreButton({ testid: 'rin-picker-more', fetchPage: (cursor) => withProfile((pid) => client.listContacts(pid, { q, cursor })),
        show: (next) => { if (mine === controller) list.append(...next.items.map(row)); }, onError: (err) => alert.show(problemText(err)) });
      moreSlot.replaceChildren(more.el);
      list.replaceChildren(...page.items.map(row));
      more.start(page);
      empty.hidden = page.items.length > 0;
      empty.textContent = q ? `No contacts match “${q}”.` : 'Your book is empty: add contacts first.';
    } catch (err) {
      if (err.name !== 'AbortError' && mine === controller) alert.show(problemText(err));
    } finally {
      if (mine === controller) list.setAttribute('aria-busy', 'false');
    }
  }

  search.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(load, DEBOUNCE_MS); });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!chosen.size) return;
    const ids = [...chosen];
    setPending(form, add, true, 'Adding…');
    try {
      for (let i = 0; i < ids.length; i += PER_CALL) {
        await client.addMembers(circle.id, { contactIds: ids.slice(i, i + PER_CALL) });
      }
      close();
      onAdded?.(ids.length);
    } catch (err) {
      alert.show(problemText(err));
      setPending(form, add, false);
      updateAdd();
    }
  });
  load();
  search.focus();
}
