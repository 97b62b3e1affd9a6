// Posts as a three-column grid of square thumbnails (a profile's posts, my saved posts), a page
// at a time. A video's tile carries a play glyph, a post of several items a stack glyph.
import { h } from '../../dom.js';
import { moreButton } from '../../paging.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { postHref } from './person.js';

function tile(post) {
  const first = post.media?.[0];
  const video = client.isVideo(first?.display);
  const kinds = video ? 'Video' : 'Photo';
  const label = `${kinds}${post.media.length > 1 ? ` and ${post.media.length - 1} more` : ''} by ${post.author.username}`
    + `${post.caption ? `: ${[...post.caption].slice(0, 80).join('')}` : ''}`;
  return h('li', { class: 'kinnect-grid-cell' },
    h('a', { class: 'kinnect-tile', href: postHref(post.id), 'aria-label': label, dataset: { testid: 'kinnect-tile', id: post.id, video: String(video) } },
      h('img', { src: first?.thumbnail?.url, alt: '', loading: 'lazy', decoding: 'async' }),
      video ? h('span', { class: 'kinnect-tile-glyph', dataset: { testid: 'kinnect-tile-video' } }, icon('play', { filled: true }))
        : post.media.length > 1 ? h('span', { class: 'kinnect-tile-glyph' }, icon('stack')) : null));
}

/**
 * fetchPage(cursor) -> KinnectPostPage. onError(err); empty: the node shown when there are none.
 * Returns { el, stop() }; it loads the first page itself.
 */
export function postGrid({ fetchPage, onError, empty, testid = 'kinnect-grid', label = 'Posts' }) {
  let alive = true;
  const list = h('ul', { class: 'kinnect-grid', 'aria-label': label, 'aria-busy': 'true', dataset: { testid } });
  const show = (page) => {
    if (!alive) return;
    const shown = new Set([...list.querySelectorAll('.kinnect-tile')].map((a) => a.dataset.id));
    list.append(...page.items.filter((p) => !shown.has(p.id)).map(tile));
    if (empty) empty.hidden = list.children.length > 0;
  };
  const more = moreButton({ fetchPage, show, testid: `${testid}-more`, label: 'Show more posts',
    onError: (err) => { if (alive) onError?.(err); } });
  fetchPage().then((page) => { show(page); more.start(page); }, (err) => { if (alive) onError?.(err); })
    .finally(() => list.setAttribute('aria-busy', 'false'));
  return { el: h('div', { class: 'kinnect-grid-wrap' }, list, more.el, empty), stop: () => { alive = false; more.stop(); } };
}
