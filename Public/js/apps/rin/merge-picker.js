// "Merge with…" from a contact's page: search the book, pick the one other card that is the same
// person, merge. The older of the two keeps its id and everything of both is kept (two e-mails
// stay two); a field with two values waits in Review, and the merge can be undone there.
import { h, uid } from '../../dom.js';
import { setPending } from '../../forms.js';
import * as client from './client.js';
import { contactSearch } from './contact-search.js';
import { openDialog } from './dialog.js';
import { icon } from './icons.js';
import { problemText } from './state.js';

/** openMergePicker({ contact, onMerged({ merge, contact }) }) */
export function openMergePicker({ contact, onMerged }) {
  let chosen = null; // { id, name }
  const group = uid('rin-merge-pick');
  const list = contactSearch({ testid: 'rin-merge', row, value: contact.displayName,
    emptyText: (q) => (q ? `No other contact matches “${q}”.` : 'There is no other contact to merge with.') });
  const merge = h('button', { type: 'submit', class: 'btn btn-primary', disabled: true, dataset: { testid: 'rin-merge-submit' } },
    icon('merge'), 'Merge');
  const form = h('form', { class: 'rin-picker', novalidate: true },
    h('p', { class: 'muted' }, `Choose the card that is the same person as ${contact.displayName}. Both become one; you can undo it in Review.`),
    ...list.el, h('div', { class: 'actions rin-picker-foot' }, merge));
  const { close } = openDialog({ title: `Merge ${contact.displayName} with…`, testid: 'rin-merge-picker', body: [form], onClose: list.stop });

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
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!chosen) return;
    setPending(form, merge, true, 'Merging…');
    try {
      const result = await client.mergeContacts(contact.id, chosen.id);
      close();
      onMerged?.(result);
    } catch (err) {
      list.alert.show(problemText(err));
      setPending(form, merge, false);
    }
  });
  list.load();
  list.search.focus();
  list.search.select();
}
