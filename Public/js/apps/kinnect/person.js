// A person as Kinnect lists them: photo, name and @username, linking to their profile, with room
// for the row's own controls (a follow button, Confirm / Delete, Remove).
import { h } from '../../dom.js';
import { avatar } from '../../components.js';

/** The route of someone's Kinnect profile. */
export const profileHref = (username) => `#/kinnect/u/${encodeURIComponent(username)}`;
export const postHref = (postId) => `#/kinnect/p/${encodeURIComponent(postId)}`;

/** <li> for `profile`, with `actions` (nodes) at its end. */
export function personRow(profile, { actions = [], testid = 'kinnect-person', meta = null } = {}) {
  return h('li', { class: 'kinnect-person', dataset: { testid, username: profile.username } },
    h('a', { class: 'kinnect-person-link', href: profileHref(profile.username) },
      avatar(profile, { size: 'md' }),
      h('span', { class: 'kinnect-person-names' },
        h('span', { class: 'kinnect-person-username' }, profile.username),
        h('span', { class: 'kinnect-person-name muted' }, profile.displayName),
        meta)),
    actions.length ? h('span', { class: 'kinnect-person-actions' }, actions) : null);
}

/** "1 follower", "12 followers": counts as people read them. */
export function counted(n, one, many = `${one}s`) {
  return `${new Intl.NumberFormat().format(n)} ${n === 1 ? one : many}`;
}
