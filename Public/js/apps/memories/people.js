// A person as Memories lists them (friend requests, friends): photo, name and @username, with
// room for the row's own buttons.
import { avatar } from '../../components.js';
import { h } from '../../dom.js';

export const nameOf = (profile) => profile?.displayName || profile?.username || 'Someone';

/** <li> for `profile`, with `actions` (nodes) at its end. */
export function personRow(profile, { actions = [], testid = 'memories-person', meta = null } = {}) {
  return h('li', { class: 'memories-person', dataset: { testid, username: profile.username } },
    avatar(profile, { size: 'md' }),
    h('span', { class: 'memories-person-names' },
      h('span', { class: 'memories-person-name' }, nameOf(profile)),
      h('span', { class: 'memories-person-username muted' }, `@${profile.username}`),
      meta),
    actions.length ? h('span', { class: 'memories-person-actions' }, actions) : null);
}

/** The other member of a book, as seen by `me` (a book keeps one member once the other has gone). */
export function friendOf(book, me) {
  const others = (book.members || []).filter((p) => String(p.id).toUpperCase() !== String(me.id).toUpperCase());
  return others[0] || null;
}
