// A field a merge left with two values (RinConflict: two birthdays, two organisations). The
// contact shows its own until one is chosen; nothing is lost while it waits. Each value is a
// button that keeps it.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { contactHref } from './contact-row.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { CONTACT_FIELDS, birthdayText } from './words.js';

export const conflictValue = (conflict, value) => (conflict.field === 'birthday' ? birthdayText(value) : value);

/** conflictCard(conflict, { onResolved(contact, value) }) -> <li>. */
export function conflictCard(conflict, { onResolved }) {
  const what = CONTACT_FIELDS[conflict.field] || conflict.field;
  const alert = formAlert('rin-conflict-error');
  const titleId = `rin-conflict-${conflict.id}`;
  const choices = conflict.options.map((option, index) => {
    const shown = conflictValue(conflict, option.value);
    const button = h('button', { type: 'button', class: 'btn rin-choice-btn', dataset: { testid: 'rin-conflict-choice', index: String(index) } },
      h('span', { class: 'muted' }, 'Keep'), h('span', { class: `rin-choice-value${conflict.field === 'note' ? ' rin-multiline' : ''}` }, shown));
    button.addEventListener('click', async () => {
      for (const b of choices) b.disabled = true;
      alert.clear();
      try {
        onResolved?.(await client.resolveConflict(conflict.id, index), shown);
      } catch (err) {
        for (const b of choices) b.disabled = false;
        alert.show(problemText(err));
      }
    });
    return button;
  });
  return h('li', { class: 'card rin-conflict', 'aria-labelledby': titleId,
    dataset: { testid: 'rin-conflict', id: conflict.id, field: conflict.field, contact: conflict.contactName } },
  h('h3', { id: titleId, class: 'rin-conflict-title' }, icon('warning'), ' ',
    h('a', { href: contactHref(conflict.contactId) }, conflict.contactName), `: two values for the ${what}`),
  h('p', { class: 'muted' }, `Choose the ${what} to keep. Until then the contact shows its own.`),
  h('div', { class: 'rin-choice-row', role: 'group', 'aria-labelledby': titleId }, choices),
  alert.el);
}
