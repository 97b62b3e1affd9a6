// "Merge with…" from a contact's page: search the book, pick the one other card that is the same
// person, merge. The older of the two keeps its id and everything of both is kept (two e-mails
// stay two); a field with two values waits in Review, and the merge can be undone there.
import { h, uid } from '../../dom.js';
import { formAlert, setPending } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { withProfile } from './acting.js';
import * as client from './client.js';
import { openDialog } from './dialog.js';
import { icon } from './icons.js';
import { problemText } from './state.js';

const DEBOUNCE_MS = 250;

/** openMergePicker({ contact, onMerged({ merge, contact }) }) */
export function openMergePicker({ contact, onMerged }) {
  let chosen = null; // { id, name }
  let timer = null;
  let controller = null;
  let more = null;
  const group = uid('rin-merge-pick');
  const searchId = uid('rin-merge-q');
  const search = h('input', { type: 'search', id: searchId, maxlength: '100', autocomplete: 'off', placeholder: 'Search your contacts',
    value: contact.displayName, dataset: { testid: 'rin-merge-search' } });
  const list = h('ul', { class: 'rin-picker-list', 'aria-busy': 'true', dataset: { testid: 'rin-merge-list' } });
  const moreSlot = h('div');
  const empty = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-merge-empty' } });
  const alert = formAlert('rin-merge-picker-error');
  const merge = h('button', { type: 'submit', class: 'btn btn-primary', disabled: true, dataset: { testid: 'rin-merge-submit' } },
    icon('merge'), 'Merge');
  const form = h('form', { class: 'rin-picker', novalidate: true },
    h('p', { class: 'muted' }, `Choose the card that is the same person as ${contact.displayName}. Both become one; you can undo it in Review.`),
    h('label', { for: searchId, class: 'sr-only' }, 'Search your contacts'),
    h('div', { class: 'rin-search' }, icon('search'), search),
    alert.el, list, moreSlot, empty,
    h('div', { class: 'actions rin-picker-foot' }, merge));
  const { close } = openDialog({ title: `Merge ${contact.displayName} with…`, testid: 'rin-merge-picker', body: [form],
    onClose: () => { clearTimeout(timer); controller?.abort(); more?.stop(); } });

  function row(other) {
    if (client.sameId(other.id, contact.id)) return null;
    const id = uid('rin-merge-opt');
    const radio = h('input', { type: 'radio', name: group, id, value: other.id, checked: client.sameId(chosen?.id, other.id),
      dataset: { testid: 'rin-merge-option' } });
    radio.addEventListener('change', () => {
      chosen = { id: other.id, name: other.displayName };
      merge.disabled = false;
      merge.replaceChildren(icon('merge'), `Merge with ${other.displayName}`);
    });
    return h('li', { class: 'rin-picker-row', dataset: { testid: 'rin-merge-row', name: other.displayName, id: other.id } }, radio,
      h('label', { for: id },
        h('span', { class: 'rin-contact-name' }, other.displayName),
        h('span', { class: 'muted rin-contact-sub' }, other.phone || other.email || other.organization || 'No phone or e-mail')));
  }
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
      more = moreButton({ testid: 'rin-merge-more', fetchPage: (cursor) => withProfile((pid) => client.listContacts(pid, { q, cursor })),
        show: (next) => { if (mine === controller) list.append(...rows(next.items)); }, onError: (err) => alert.show(problemText(err)) });
      moreSlot.replaceChildren(more.el);
      list.replaceChildren(...rows(page.items));
      more.start(page);
      empty.hidden = list.children.length > 0;
      empty.textContent = q ? `No other contact matches “${q}”.` : 'There is no other contact to merge with.';
    } catch (err) {
      if (err.name !== 'AbortError' && mine === controller) alert.show(problemText(err));
    } finally {
      if (mine === controller) list.setAttribute('aria-busy', 'false');
    }
  }

  search.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(load, DEBOUNCE_MS); });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!chosen) return;
    setPending(form, merge, true, 'Merging…');
    try {
      const result = await client.mergeContacts(contact.id, chosen.id);
      close();
      onMerged?.(result);
    } catch (err) {
      alert.show(problemText(err));
      setPending(form, merge, false);
    }
  });
  load();
  search.focus();
  search.select();
}
