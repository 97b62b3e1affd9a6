// Activity: what happened around me, newest first and grouped by the server ("ada and 3 others
// liked your post"). Follow requests are answered right here. Looking at the list marks it
// read up to the newest item shown, which clears the tab's badge.
import { h, timeEl } from '../../dom.js';
import { avatar } from '../../components.js';
import { formAlert, statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { requestActions } from './people.js';
import { postHref, profileHref } from './person.js';
import { setUnread } from './unread.js';

const nameLink = (profile) => h('a', { class: 'kinnect-activity-name', href: profileHref(profile.username) }, profile.username);

/** "ada", "ada and bob", "ada and 3 others". */
function who(item) {
  const [first, second] = item.actors;
  if (item.actorCount === 1 || !first) return [nameLink(first)];
  if (item.actorCount === 2 && second) return [nameLink(first), ' and ', nameLink(second)];
  const others = item.actorCount - 1;
  return [nameLink(first), ` and ${others.toLocaleString()} ${others === 1 ? 'other' : 'others'}`];
}

const quoted = (text) => (text ? h('span', { class: 'kinnect-activity-quote' }, ` “${text}”`) : null);

function sentence(item) {
  switch (item.kind) {
    case 'followRequested': return [nameLink(item.actors[0]), ' asked to follow you.'];
    case 'followed': return [...who(item), ' started following you.'];
    case 'followAccepted': return [nameLink(item.actors[0]), ' accepted your follow request.'];
    case 'liked': return [...who(item), ' liked your post.'];
    case 'commented': return [...who(item), item.actorCount > 1 ? ' commented on your post:' : ' commented:', quoted(item.text)];
    case 'replied': return [...who(item), ' replied to your comment:', quoted(item.text)];
    default: return [...who(item), ' did something new.']; // a kind this page predates
  }
}

export function render(root) {
  let alive = true;
  const alert = formAlert('kinnect-activity-error');
  const status = statusLine('kinnect-activity-status');
  const list = h('ul', { class: 'kinnect-activity', 'aria-busy': 'true', dataset: { testid: 'kinnect-activity-list' } });
  const empty = h('div', { class: 'kinnect-empty', hidden: true, dataset: { testid: 'kinnect-activity-empty' } },
    h('span', { class: 'kinnect-empty-icon' }, icon('heart')),
    h('h2', {}, 'Nothing yet'),
    h('p', { class: 'muted' }, 'When people ask to follow you, or like and comment on your posts, you’ll see it here.'));
  const fail = (err) => { if (alive) { status.clear(); alert.show(err.detail || err.message); } };
  const more = moreButton({ fetchPage: client.listActivity, testid: 'kinnect-activity-more', label: 'Show older activity',
    show: (page) => { if (alive) append(page.items); }, onError: fail });
  root.append(h('h1', { tabindex: '-1', class: 'kinnect-title' }, 'Activity'), alert.el, status.el, list, more.el, empty);

  function item(entry) {
    const li = h('li', { class: `kinnect-activity-item${entry.unread ? ' kinnect-unread' : ''}`,
      dataset: { testid: 'kinnect-activity', id: entry.id, kind: entry.kind, unread: String(entry.unread) } });
    const faces = h('span', { class: `kinnect-faces${entry.actors.length > 1 ? ' kinnect-faces-two' : ''}` },
      entry.actors.slice(0, 2).map((p) => avatar(p, { size: 'sm' })));
    const text = h('p', { class: 'kinnect-activity-text', dataset: { testid: 'kinnect-activity-text' } },
      sentence(entry), ' ', h('span', { class: 'muted kinnect-activity-time' }, timeEl(entry.latestAt)),
      entry.unread ? h('span', { class: 'sr-only' }, ' (new)') : null);
    let side = null;
    if (entry.kind === 'followRequested') {
      side = h('span', { class: 'kinnect-person-actions' }, requestActions(entry.actors[0], {
        onDone: (message, confirmed) => {
          side.replaceChildren(h('span', { class: 'muted', dataset: { testid: 'kinnect-request-answered' } }, confirmed ? 'Confirmed' : 'Deleted'));
          status.show(message);
        },
        onError: fail,
      }));
    } else if (entry.post) {
      const comments = entry.kind === 'commented' || entry.kind === 'replied';
      side = h('a', { class: 'kinnect-activity-post', href: `${postHref(entry.post.id)}${comments ? '?comments=1' : ''}`,
        'aria-label': comments ? 'Open the post and its comments' : 'Open the post', dataset: { testid: 'kinnect-activity-post' } },
      h('img', { src: entry.post.thumbnail?.url, alt: '', loading: 'lazy' }));
    }
    li.append(...[faces, text, side].filter(Boolean)); // native append would print a null as text
    return li;
  }

  function append(items) {
    const shown = new Set([...list.children].map((li) => li.dataset.id));
    list.append(...items.filter((a) => !shown.has(a.id)).map(item));
    empty.hidden = list.children.length > 0;
  }

  /**
   * Seen: mark read up to the newest item on screen (marking never moves backwards). Times in the
   * API are whole seconds, and the server counts a time as its whole second, so an item that
   * arrives after the list was drawn stays unread.
   */
  function markSeen(items) {
    if (!items.length) { setUnread(0); return; }
    const through = items[0].latestAt;
    client.markRead(through).then(({ count }) => { if (alive) setUnread(count); }, () => {
      // Best effort: the badge stays until the next visit manages it.
    });
  }

  function load() {
    list.setAttribute('aria-busy', 'true');
    return client.listActivity().then((page) => {
      if (!alive) return;
      list.replaceChildren();
      append(page.items);
      more.start(page);
      markSeen(page.items);
    }, fail).finally(() => list.setAttribute('aria-busy', 'false'));
  }

  // Something new while I'm looking at the list: show it (it's in view, so it's read).
  const off = client.onActivityCreated(() => { if (alive) load(); });
  load();
  return () => { alive = false; more.stop(); off(); };
}
