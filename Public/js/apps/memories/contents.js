// The book's contents, by date: every page with a thumbnail (drawn by the renderer once the row
// is scrolled into view, so a long book fetches only what is looked at), its kind's badge (a
// sealed letter or a starred memory page), who wrote or added it and when. Choosing one turns the
// book to it.
import { h } from '../../dom.js';
import { paint } from './renderer.js';
import { kindBadge, pageDate, pageTitle } from './sheet-view.js';

const THUMB_WIDTH = 40; // CSS px

/** createContents({ store, onPick(index) }) -> { el, update(), mark(index), stop() }. */
export function createContents({ store, onPick }) {
  const list = h('ol', { class: 'memories-contents-list', dataset: { testid: 'memories-contents' } });
  const body = h('div', { class: 'memories-contents-body', id: 'memories-contents-body', hidden: true }, list);
  const toggle = h('button', { type: 'button', class: 'btn memories-contents-toggle', 'aria-expanded': 'false',
    'aria-controls': 'memories-contents-body', dataset: { testid: 'memories-contents-toggle' } }, 'Contents');
  const el = h('nav', { class: 'memories-contents', 'aria-label': 'Contents' }, toggle, body);
  const thumbs = new Map(); // thumb canvas -> page id, for those in view
  let current = -1;

  function drawThumb(canvas) {
    const page = store.cached(thumbs.get(canvas));
    if (page) paint(canvas, page.canvas, { images: store.images, width: THUMB_WIDTH });
  }
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const canvas = entry.target;
      seen.unobserve(canvas);
      store.detail(canvas.dataset.pageId).then(() => drawThumb(canvas), () => {});
    }
  }, { root: body, rootMargin: '100px 0px' });
  const offImages = store.images.onLoad(() => { for (const canvas of thumbs.keys()) drawThumb(canvas); });

  toggle.addEventListener('click', () => {
    const open = body.hidden;
    body.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  });

  function row(summary, index) {
    const thumb = h('canvas', { class: 'memories-thumb', 'aria-hidden': 'true', dataset: { pageId: summary.id } });
    thumbs.set(thumb, summary.id);
    seen.observe(thumb);
    const button = h('button', { type: 'button', class: 'memories-contents-item',
      dataset: { testid: 'memories-contents-item', kind: summary.kind, index: String(index), pageId: summary.id } },
    h('span', { class: 'memories-contents-number' }, String(index + 1)),
    thumb,
    kindBadge(summary.kind),
    h('span', { class: 'memories-contents-who' }, pageTitle(summary)),
    h('span', { class: 'memories-contents-date muted' }, pageDate(summary)));
    button.addEventListener('click', () => onPick(index));
    return h('li', {}, button);
  }

  function update() {
    const shown = list.children.length;
    list.append(...store.summaries.slice(shown).map((s, i) => row(s, shown + i)));
    mark(current);
  }

  function mark(index) {
    current = index;
    [...list.querySelectorAll('button')].forEach((b, i) => {
      if (i === index) b.setAttribute('aria-current', 'page');
      else b.removeAttribute('aria-current');
    });
  }

  /** A page changed (its operations, or its detail arrived): its thumbnail follows. */
  function repaint(pageId) {
    for (const [canvas, id] of thumbs) if (!pageId || id.toUpperCase() === pageId.toUpperCase()) drawThumb(canvas);
  }

  return { el, update, mark, repaint, stop() { seen.disconnect(); offImages(); } };
}
