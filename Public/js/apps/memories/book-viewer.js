// The open book: two pages side by side on a wide screen (900 px and up), one on a phone. Pages
// turn with a swipe, a click on the page's outer edge, the arrow buttons, or ← → on the keyboard,
// and the turn is a page curling over in 3D (page-turn.js). Only the pages in view and their
// neighbours are fetched (page-store.js).
import { h } from '../../dom.js';
import { icon } from './icons.js';
import { turnPage } from './page-turn.js';
import { createSheet } from './sheet-view.js';

const WIDE = '(min-width: 900px)';
const SWIPE_PX = 40;

/**
 * createViewer({ store, onTurn(index), captionExtra(summary), total() }) -> { el, go(index), show(),
 * index, repaint(pageId?), stop() }. `index` is the first page in view (even in a spread);
 * captionExtra(summary) may add nodes to a page's caption; total() is the book's page count
 * while its contents are still arriving (so a 200-page book never says "of 100").
 */
export function createViewer({ store, onTurn, captionExtra = () => null, total = () => 0 }) {
  const wide = window.matchMedia(WIDE);
  const left = createSheet();
  const right = createSheet();
  const papers = h('div', { class: 'memories-papers', dataset: { testid: 'memories-papers' } }, left.paper, right.paper);
  const captions = h('div', { class: 'memories-captions' }, left.caption, right.caption);
  const prev = h('button', { type: 'button', class: 'memories-turn memories-turn-prev', 'aria-label': 'Previous page',
    dataset: { testid: 'memories-prev' } }, icon('prev'));
  const next = h('button', { type: 'button', class: 'memories-turn memories-turn-next', 'aria-label': 'Next page',
    dataset: { testid: 'memories-next' } }, icon('next'));
  const number = h('p', { class: 'memories-page-number', role: 'status', dataset: { testid: 'memories-page-number' } });
  const stage = h('div', { class: 'memories-stage' }, prev, h('div', { class: 'memories-spine' }, papers, captions), next);
  const el = h('section', {
    class: 'memories-viewer', tabindex: '0', 'aria-roledescription': 'book', dataset: { testid: 'memories-viewer' },
    'aria-label': 'Book pages. Use the left and right arrow keys to turn the pages.',
  }, stage, number);

  let index = 0;
  let spread = wide.matches;
  let turning = null; // the turn under way: { finish() }
  const count = () => store.summaries.length;
  const step = () => (spread ? 2 : 1);
  const normal = (i) => {
    const last = Math.max(0, count() - 1);
    const clamped = Math.max(0, Math.min(last, i));
    return spread ? clamped - (clamped % 2) : clamped;
  };

  function fill(sheet, i) {
    const summary = store.summaries[i];
    if (!summary) { sheet.blank(); return; }
    sheet.show(summary, i, store.cached(summary.id), store.images, captionExtra(summary));
  }

  function layout() {
    el.dataset.mode = spread ? 'spread' : 'single';
    right.paper.hidden = !spread;
    right.caption.hidden = !spread;
  }

  function describe() {
    const n = count();
    const shown = spread && index + 1 < n ? `Pages ${index + 1}–${index + 2}` : `Page ${index + 1}`;
    number.textContent = n ? `${shown} of ${Math.max(n, total() || 0)}` : 'No pages yet';
    Object.assign(number.dataset, { index: String(index), count: String(n), shown: spread && index + 1 < n ? `${index + 1}-${index + 2}` : String(index + 1) });
    el.dataset.index = String(index);
    prev.disabled = index <= 0;
    next.disabled = index + step() >= n;
  }

  /** Fetch what is in view and what a turn either way would show. */
  function prefetch() {
    const from = Math.max(0, index - step());
    const ids = store.summaries.slice(from, index + 2 * step()).map((s) => s.id);
    // What is in view first, then the neighbours.
    ids.sort((a, b) => Number(!inView(a)) - Number(!inView(b)));
    store.prefetch(ids);
  }
  const inView = (id) => [left.pageId, right.pageId].includes(id);

  /** Draw the pages at `index` with no turn (first showing, a resize, contents arriving). */
  function show() {
    turning?.finish();
    index = normal(index);
    layout();
    fill(left, index);
    if (spread) fill(right, index + 1);
    describe();
    prefetch();
  }

  /** Turn to the page at `target` (it is normalised to a spread's first page). */
  function go(target) {
    const to = normal(target);
    if (to === index || !count()) { show(); return; }
    turning?.finish();
    const from = index;
    const dir = to > from ? 'next' : 'prev';
    index = to;
    describe();
    prefetch();
    onTurn?.(index);
    turning = turnPage({ papers, spread, dir, store, from, to, sheets: { left, right }, fill,
      done: () => { turning = null; } });
  }

  /** A page's detail arrived or changed: draw it again if it is in view. */
  function repaint(pageId = null) {
    for (const sheet of spread ? [left, right] : [left]) {
      const id = sheet.pageId;
      if (id && (!pageId || id.toUpperCase() === pageId.toUpperCase())) fill(sheet, Number(sheet.paper.dataset.index));
    }
    describe();
  }

  // ---- ways to turn ----
  prev.addEventListener('click', () => go(index - step()));
  next.addEventListener('click', () => go(index + step()));

  let down = null;
  let swiped = false;
  papers.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary) return;
    down = { x: event.clientX, y: event.clientY, id: event.pointerId };
    swiped = false;
  });
  papers.addEventListener('pointerup', (event) => {
    if (!down || event.pointerId !== down.id) return;
    const dx = event.clientX - down.x;
    const dy = event.clientY - down.y;
    down = null;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.2) {
      swiped = true;
      go(index + (dx < 0 ? step() : -step()));
    }
  });
  papers.addEventListener('pointercancel', () => { down = null; });
  // A click on a page's outer edge turns it, as a finger at a book's corner would.
  papers.addEventListener('click', (event) => {
    if (swiped) { swiped = false; return; }
    const box = papers.getBoundingClientRect();
    const at = (event.clientX - box.left) / box.width;
    const edge = spread ? 0.15 : 0.3;
    if (at > 1 - edge) go(index + step());
    else if (at < edge) go(index - step());
  });

  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const t = event.target;
    if (t.closest?.('input, textarea, select, [contenteditable="true"], dialog')) return;
    const moves = { ArrowRight: index + step(), ArrowLeft: index - step(), Home: 0, End: count() - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  }
  document.addEventListener('keydown', onKey);

  const onWide = () => { spread = wide.matches; show(); };
  wide.addEventListener('change', onWide);
  const resize = new ResizeObserver(() => { left.repaint(); if (spread) right.repaint(); });
  resize.observe(papers);

  layout();
  return {
    el, go, show, repaint,
    get index() { return index; },
    set index(value) { index = value; },
    stop() {
      turning?.finish();
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      resize.disconnect();
    },
  };
}
