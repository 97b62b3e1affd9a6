// One page of the open book as it is shown: the page drawn by the renderer, and under it what it
// is (a letter, with its wax seal, or a memory page, with its star), who wrote or added it, and
// when. Letters and memory pages are told apart at a glance.
import { h } from '../../dom.js';
import { drawingOrder, emptyCanvas } from './canvas-model.js';
import { icon } from './icons.js';
import { nameOf } from './people.js';
import { paint } from './renderer.js';

const DATE = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
export const pageDate = (summary) => DATE.format(new Date(summary.placedAt || summary.createdAt));

/** The kind's badge: a wax seal on an envelope for a letter, a star on a polaroid for a memory page. */
export function kindBadge(kind) {
  return kind === 'letter'
    ? h('span', { class: 'memories-kind memories-kind-letter', title: 'Letter' }, icon('letter'), h('span', { class: 'sr-only' }, 'Letter'))
    : h('span', { class: 'memories-kind memories-kind-memory', title: 'Memory page' }, icon('star'), h('span', { class: 'sr-only' }, 'Memory page'));
}

/** "Letter from Ada", "Memory page by Grace". */
export const pageTitle = (summary) => (summary.kind === 'letter'
  ? `Letter from ${nameOf(summary.author)}` : `Memory page by ${nameOf(summary.author)}`);

/**
 * createSheet() -> { paper, caption, show(summary, index, detail, images, extra), blank(), repaint(), pageId }.
 * The paper (the drawn page) and its caption are separate boxes, so a spread lines up its two
 * papers side by side with the captions in a row under them.
 */
export function createSheet() {
  const canvas = h('canvas', { class: 'memories-page-canvas', dataset: { testid: 'memories-page-canvas' } });
  const number = h('span', { class: 'memories-sheet-number', 'aria-hidden': 'true' });
  // The page's words for a screen reader (the canvas itself is pixels).
  const words = h('div', { class: 'sr-only', dataset: { testid: 'memories-sheet-words' } });
  const paper = h('div', { class: 'memories-sheet-paper', role: 'group', 'aria-roledescription': 'page', dataset: { testid: 'memories-sheet' } }, canvas, number, words);
  const caption = h('p', { class: 'memories-sheet-caption', dataset: { testid: 'memories-sheet-caption' } });
  let current = null; // { summary, detail, images }

  function repaint() {
    if (!paper.isConnected || !canvas.clientWidth) return;
    const page = current?.detail?.canvas || emptyCanvas();
    paint(canvas, page, { images: current?.images });
    words.textContent = drawingOrder(page).filter((e) => e.type === 'text').map((e) => e.text).join('\n\n');
    // Whether every photo is drawn yet (a test compares pixels only then).
    const photos = page.elements.filter((e) => e.type === 'photo');
    paper.dataset.photos = photos.every((e) => current?.images?.get(e.mediaId)) ? 'ready' : 'waiting';
  }

  return {
    paper,
    caption,
    canvas,
    /** extra: nodes for the caption's end (the viewer's "Edit this page"). */
    show(summary, index, detail, images, extra = null) {
      current = { summary, detail, images };
      paper.classList.remove('memories-sheet-blank');
      Object.assign(paper.dataset, { pageId: summary.id, index: String(index), kind: summary.kind, loaded: String(Boolean(detail)) });
      paper.setAttribute('aria-label', `Page ${index + 1}: ${pageTitle(summary)}, ${pageDate(summary)}`);
      number.textContent = String(index + 1);
      caption.replaceChildren(kindBadge(summary.kind),
        h('span', { class: 'memories-sheet-who' }, pageTitle(summary)),
        h('span', { class: 'muted' }, pageDate(summary)), extra);
      caption.dataset.kind = summary.kind;
      repaint();
    },
    /** No page here: the end of the book. */
    blank() {
      current = null;
      paper.classList.add('memories-sheet-blank');
      Object.assign(paper.dataset, { pageId: '', index: '', kind: '', loaded: 'true' });
      paper.setAttribute('aria-label', 'The end of the book');
      number.textContent = '';
      caption.replaceChildren();
      caption.dataset.kind = '';
      repaint();
    },
    get pageId() { return current?.summary.id || null; },
    get current() { return current; },
    repaint,
  };
}
