// A contact as the book lists it (RinContactSummary): face, name, the primary phone or e-mail,
// and whether it is a favourite or linked to a Rin person, all one link to the contact.
import { h } from '../../dom.js';
import { rinAvatar } from './avatar.js';
import { icon } from './icons.js';

export const contactHref = (contactId) => `#/rin/contacts/${encodeURIComponent(contactId)}`;

/** <li> for the A–Z list and the pickers; `extra` (nodes) go after the link. */
export function contactRow(contact, { testid = 'rin-contact', extra = [] } = {}) {
  const subtitle = contact.phone || contact.email || contact.organization || 'No phone or e-mail';
  return h('li', { class: 'rin-contact', dataset: { testid, id: contact.id, name: contact.displayName } },
    h('a', { class: 'rin-contact-link', href: contactHref(contact.id) },
      rinAvatar({ name: contact.displayName, photo: contact.photo }),
      h('span', { class: 'rin-contact-names' },
        h('span', { class: 'rin-contact-name', dataset: { testid: 'rin-contact-name' } }, contact.displayName),
        h('span', { class: 'rin-contact-sub muted' }, subtitle)),
      contact.favourite ? h('span', { class: 'rin-fav-mark', title: 'Favourite' }, icon('star', { filled: true }),
        h('span', { class: 'sr-only' }, ', favourite')) : null,
      contact.isLinked ? h('span', { class: 'badge rin-badge', title: 'Linked to a Rin person' }, 'On Rin') : null),
    extra);
}

/** A small card for the front page's rows (favourites, recently added). */
export function contactTile(contact, { testid = 'rin-contact-tile' } = {}) {
  return h('li', { class: 'rin-tile', dataset: { testid, id: contact.id } },
    h('a', { class: 'rin-tile-link', href: contactHref(contact.id) },
      rinAvatar({ name: contact.displayName, photo: contact.photo }),
      h('span', { class: 'rin-tile-name' }, contact.displayName)));
}
