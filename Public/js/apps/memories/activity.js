// Activity: friend requests, accepted requests, letters that arrived and memory pages the friend
// added, newest first. Looking at the list marks it read up to the newest item shown.
import { avatar } from '../../components.js';
import { h, timeEl } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { bookHref } from './book-cover.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { nameOf } from './people.js';
import { setUnread } from './unread.js';

function sentence(item) {
  const who = nameOf(item.actor);
  switch (item.kind) {
    case 'friendRequested': return [`${who} asked to be friends.`, '#/memories/friends'];
    case 'friendAccepted': return [`${who} accepted your friend request. Your book is ready.`, item.bookId && bookHref(item.bookId)];
    case 'letterArrived': return [`${who} sent you a letter.`, item.bookId && `${bookHref(item.bookId)}?at=${encodeURIComponent(item.pageId || '')}`];
    case 'pageAdded': return [`${who} added a memory page.`, item.bookId && `${bookHref(item.bookId)}?at=${encodeURIComponent(item.pageId || '')}`];
    default: return [`${who} did something new.`, null]; // a kind this page predates
  }
}

export function render(root) {
  let alive = true;
  const alert = formAlert('memories-activity-error');
  const fail = (err) => { if (alive) alert.show(err.detail || err.message); };
  const list = h('ul', { class: 'memories-activity', 'aria-busy': 'true', dataset: { testid: 'memories-activity-list' } });
  const empty = h('div', { class: 'memories-empty', hidden: true, dataset: { testid: 'memories-activity-empty' } },
    h('span', { class: 'memories-empty-icon' }, icon('bell')), h('h2', {}, 'Nothing yet'),
    h('p', { class: 'muted' }, 'Friend requests, letters and new pages show up here.'));
  const more = moreButton({ fetchPage: client.listActivity, testid: 'memories-activity-more', label: 'Show older activity',
    show: (page) => { if (alive) append(page.items); }, onError: fail });
  root.append(h('h1', { tabindex: '-1', class: 'memories-title' }, 'Activity'), alert.el, list, more.el, empty);

  function row(item) {
    const [text, href] = sentence(item);
    const words = href ? h('a', { href }, text) : h('span', {}, text);
    return h('li', { class: `memories-activity-item${item.unread ? ' memories-unread-item' : ''}`,
      dataset: { testid: 'memories-activity', id: item.id, kind: item.kind, unread: String(item.unread) } },
    avatar(item.actor, { size: 'sm' }), h('p', {}, words, ' ', h('span', { class: 'muted' }, timeEl(item.createdAt))));
  }

  function append(items) {
    const shown = new Set([...list.children].map((li) => li.dataset.id));
    list.append(...items.filter((a) => !shown.has(a.id)).map(row));
    empty.hidden = list.children.length > 0;
  }

  function load() {
    return client.listActivity().then((page) => {
      if (!alive) return;
      list.replaceChildren();
      append(page.items);
      more.start(page);
      if (!page.items.length) { setUnread(0); return; }
      client.markActivityRead(page.items[0].createdAt).then(({ count }) => setUnread(count), () => {});
    }, fail).finally(() => list.setAttribute('aria-busy', 'false'));
  }

  const offs = [client.onFriendRequested(() => load()), client.onPageAdded(() => load()), client.onBookCreated(() => load())];
  load();
  return () => { alive = false; more.stop(); offs.forEach((off) => off()); };
}
