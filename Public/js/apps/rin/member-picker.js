// Picking contacts of the book for a circle: search, tick, add. Those already in the circle are
// ticked and can't be unticked here (taking someone out is the circle page's Remove).
import { h, uid } from '../../dom.js';
import { setPending } from '../../forms.js';
import * as client from './client.js';
import { contactSearch } from './contact-search.js';
import { openDialog } from './dialog.js';
import { problemText } from './state.js';

const PER_CALL = 100; // addRinCircleMembers takes at most 100 ids at once

/** openMemberPicker({ circle, inCircle: Set of contact ids (upper case), onAdded(count) }) */
export function openMemberPicker({ circle, inCircle, onAdded }) {
  const chosen = new Set();
  const list = contactSearch({ testid: 'rin-picker', row,
    emptyText: (q) => (q ? `No contacts match “${q}”.` : 'Your book is empty: add contacts first.') });
  const add = h('button', { type: 'submit', class: 'btn btn-primary', disabled: true, dataset: { testid: 'rin-picker-add' } }, 'Add');
  const form = h('form', { class: 'rin-picker', novalidate: true }, ...list.el, h('div', { class: 'actions rin-picker-foot' }, add));
  const { close } = openDialog({ title: `Add to ${circle.name}`, testid: 'rin-picker', body: [form], onClose: list.stop });

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
      list.alert.show(problemText(err));
      setPending(form, add, false);
      updateAdd();
    }
  });
  list.load();
  list.search.focus();
}
