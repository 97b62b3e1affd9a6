// A Kinnect profile: photo, names, bio, followers and following, where I stand with them (the
// follow button), then their posts as a grid, or, when I may not see them, the private-account
// screen. My own profile adds my follow requests and saved posts, and a link to edit the
// profile (the shell's page, as Kinnect shares Kindred's profile).
import { h } from '../../dom.js';
import { avatar } from '../../components.js';
import { formAlert, statusLine } from '../../forms.js';
import { safetyActions } from '../../safety.js';
import { currentSession } from '../../session.js';
import * as client from './client.js';
import { followButton } from './follow-button.js';
import { postGrid } from './grid.js';
import { icon } from './icons.js';
import { profileHref } from './person.js';

export function render(root, { params, navigate }) {
  let alive = true;
  let grid = null;
  const me = currentSession().me.profile;
  const username = params.username || me.username;
  const heading = h('h1', { tabindex: '-1', class: 'kinnect-profile-username', dataset: { testid: 'kinnect-profile-username' } }, username);
  const alert = formAlert('kinnect-profile-error');
  const status = statusLine('kinnect-profile-status');
  const head = h('section', { class: 'kinnect-profile-head', 'aria-busy': 'true', dataset: { testid: 'kinnect-profile' } });
  const below = h('div', { class: 'kinnect-profile-below' });
  root.append(heading, alert.el, status.el, head, below);

  function count(n, one, many, list, may) {
    const text = [h('strong', {}, n.toLocaleString()), ' ', n === 1 ? one : many];
    return may
      ? h('a', { class: 'kinnect-count', href: `${profileHref(username)}/${list}`, dataset: { testid: `kinnect-count-${list}` } }, text)
      : h('span', { class: 'kinnect-count', dataset: { testid: `kinnect-count-${list}` } }, text);
  }

  function show(kp) {
    const p = kp.profile;
    const mine = p.id.toLowerCase() === me.id.toLowerCase();
    heading.textContent = p.username;
    const actions = [];
    if (mine) {
      actions.push(h('a', { class: 'btn', href: '#/profile', dataset: { testid: 'kinnect-edit-profile' } }, 'Edit profile'),
        h('a', { class: 'btn', href: '#/kinnect/requests', dataset: { testid: 'kinnect-requests-link' } }, 'Follow requests'),
        h('a', { class: 'btn', href: '#/kinnect/saved', dataset: { testid: 'kinnect-saved-link' } }, icon('bookmark'), 'Saved'));
    } else {
      const button = followButton(p, { state: kp.following, followsMe: kp.followsMe,
        onChange: () => load(), onError: (err) => alert.show(err.detail || err.message) });
      actions.push(button.el);
    }
    head.replaceChildren(...[ // native replaceChildren would print a null as text
      h('div', { class: 'kinnect-profile-top' },
        avatar(p, { size: 'lg' }),
        h('div', { class: 'kinnect-profile-counts' },
          count(kp.followerCount, 'follower', 'followers', 'followers', kp.canSeePosts),
          count(kp.followingCount, 'following', 'following', 'following', kp.canSeePosts))),
      h('p', { class: 'kinnect-profile-name', dataset: { testid: 'kinnect-profile-name' } }, p.displayName),
      p.bio ? h('p', { class: 'kinnect-profile-bio' }, p.bio) : null,
      !mine && kp.followsMe ? h('p', { class: 'muted kinnect-follows-you' }, 'Follows you') : null,
      h('div', { class: 'actions kinnect-profile-actions' }, actions),
      mine ? null : safetyActions(p, {
        onBlocked: () => navigate('/kinnect/feed'),
        onDone: (message) => status.show(message),
        onError: (err) => alert.show(err.detail || err.message),
      })].filter(Boolean));
    head.setAttribute('aria-busy', 'false');

    grid?.stop();
    grid = null;
    if (!kp.canSeePosts) {
      below.replaceChildren(h('section', { class: 'kinnect-private', dataset: { testid: 'kinnect-private' } },
        h('span', { class: 'kinnect-empty-icon' }, icon('lock')),
        h('h2', {}, 'This account is private'),
        h('p', { class: 'muted' }, 'Follow to see their photos and videos.')));
      return;
    }
    const empty = h('div', { class: 'kinnect-empty', hidden: true, dataset: { testid: 'kinnect-grid-empty' } },
      h('span', { class: 'kinnect-empty-icon' }, icon('camera')),
      h('h2', {}, mine ? 'Share your first photo' : 'No posts yet'),
      mine ? h('a', { class: 'btn btn-primary', href: '#/kinnect/new' }, 'New post') : null);
    grid = postGrid({ fetchPage: (cursor) => client.listProfilePosts(p.username, cursor), empty, label: `${p.username}’s posts`,
      onError: (err) => alert.show(err.detail || err.message) });
    below.replaceChildren(grid.el);
  }

  function load() {
    return client.getProfile(username).then((kp) => { if (alive) show(kp); }, (err) => {
      if (!alive) return;
      head.setAttribute('aria-busy', 'false');
      if (err.status === 404) {
        head.replaceChildren(h('p', { dataset: { testid: 'kinnect-profile-missing' } }, 'This profile isn’t available.'),
          h('a', { class: 'btn', href: '#/kinnect/search' }, 'Search people'));
      } else {
        alert.show(err.detail || err.message);
      }
    });
  }

  // Someone accepted my request, or asked to follow me: the counts and the button change.
  const off = client.onFollowsChanged((event) => {
    if (event.person?.profile?.username?.toLowerCase() === username.toLowerCase() || username === me.username) load();
  });
  load();
  return () => { alive = false; grid?.stop(); off(); };
}
