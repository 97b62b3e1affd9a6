// The feed: my posts and those of the people I follow, newest first, 20 at a time, more as the
// end scrolls into view. A new post from someone I follow never jumps in under my thumb: a
// "New posts" button appears, and tapping it (or Refresh, or pulling down on a phone) reloads
// the feed at the top.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { onStatus } from '../../realtime.js';
import { currentSession } from '../../session.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { createPostView } from './post-view.js';
import { pullToRefresh } from './pull.js';

export function render(root) {
  let alive = true;
  const me = currentSession().me.profile;
  const alert = formAlert('kinnect-feed-error');
  const list = h('div', { class: 'kinnect-feed', role: 'feed', 'aria-busy': 'true', 'aria-label': 'Posts', dataset: { testid: 'kinnect-feed' } });
  const empty = h('div', { class: 'kinnect-empty', hidden: true, dataset: { testid: 'kinnect-feed-empty' } },
    h('span', { class: 'kinnect-empty-icon' }, icon('camera')),
    h('h2', {}, 'Welcome to Kinnect'),
    h('p', { class: 'muted' }, 'Your feed shows your own posts and those of the people you follow. Find family and friends to follow, or share your first photo.'),
    h('div', { class: 'actions kinnect-center' },
      h('a', { class: 'btn btn-primary', href: '#/kinnect/search', dataset: { testid: 'kinnect-empty-search' } }, 'Find people'),
      h('a', { class: 'btn', href: '#/kinnect/new' }, 'New post')));
  const more = moreButton({ fetchPage: client.getFeed, testid: 'kinnect-feed-more', label: 'Show older posts',
    show: (page) => { if (alive) append(page.items); },
    onError: (err) => { if (alive) alert.show(err.detail || err.message); } });

  const refreshButton = h('button', { type: 'button', class: 'kinnect-icon-button', 'aria-label': 'Refresh feed',
    dataset: { testid: 'kinnect-refresh' } }, icon('refresh'));
  const banner = h('button', { type: 'button', class: 'kinnect-new-posts', hidden: true, dataset: { testid: 'kinnect-new-posts' } });
  const heading = h('h1', { tabindex: '-1', class: 'kinnect-title' }, 'Feed');
  root.append(h('div', { class: 'kinnect-title-row' }, heading, refreshButton), banner, alert.el, list, more.el, empty);

  const authors = new Map(); // who posted since the feed was loaded, for the banner's words
  function showBanner() {
    const names = [...authors.values()].map((p) => p.displayName || p.username);
    const from = names.length > 2 ? `${names.slice(0, 2).join(', ')} and others` : new Intl.ListFormat('en').format(names);
    banner.replaceChildren(icon('up'), h('span', {}, names.length ? `New posts from ${from}` : 'New posts'));
    banner.hidden = false;
  }

  function postView(post) {
    return createPostView(post, { me,
      onDeleted: () => { queueMicrotask(() => { empty.hidden = list.children.length > 0; }); },
      onUnfollowed: (author) => {
        for (const article of [...list.children]) {
          if (article.dataset.author === author.username) article.remove();
        }
        empty.hidden = list.children.length > 0;
      } }).el;
  }
  function append(posts) {
    const shown = new Set([...list.children].map((article) => article.dataset.id));
    list.append(...posts.filter((p) => !shown.has(p.id)).map((post) => {
      const el = postView(post);
      el.dataset.author = post.author.username;
      return el;
    }));
    empty.hidden = list.children.length > 0;
  }

  let loading = null;
  function load() {
    if (loading) return loading;
    list.setAttribute('aria-busy', 'true');
    alert.clear();
    loading = client.getFeed().then((page) => {
      if (!alive) return;
      list.replaceChildren();
      authors.clear();
      banner.hidden = true;
      append(page.items);
      more.start(page);
    }, (err) => { if (alive) alert.show(err.detail || err.message); })
      .finally(() => { loading = null; list.setAttribute('aria-busy', 'false'); });
    return loading;
  }

  async function refresh({ focus = false } = {}) {
    refreshButton.disabled = true;
    await load();
    refreshButton.disabled = false;
    if (!alive) return;
    window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    if (focus) heading.focus({ preventScroll: true }); // the banner that had focus is gone
  }

  banner.addEventListener('click', () => refresh({ focus: true }));
  refreshButton.addEventListener('click', () => refresh());
  const offPosts = client.onPostCreated((event) => {
    if (event.author && String(event.author.id).toLowerCase() !== String(me.id).toLowerCase()) {
      authors.set(String(event.author.id).toLowerCase(), event.author);
    }
    showBanner();
  });
  // Posts may have come and gone while the connection was down: offer to look.
  const offStatus = onStatus((status, { reconnected }) => { if (status === 'open' && reconnected) showBanner(); });
  const offPull = pullToRefresh(root, () => refresh());

  load();
  return () => { alive = false; more.stop(); offPosts(); offStatus(); offPull(); };
}
