// The page turn: a leaf lifted at its outer edge and laid over onto the other side, in CSS 3D
// (memories.css: perspective on the papers, rotateY on the leaf, backface-visibility hidden on
// its two faces, a shading gradient that deepens as it stands upright). No library: this module
// only builds the leaf, paints its faces with the renderer, and swaps the pages under it.
import { h } from '../../dom.js';
import { emptyCanvas } from './canvas-model.js';
import { paint } from './renderer.js';

const FALLBACK_MS = 1200; // in case transitionend never comes (the tab hidden mid-turn)

function face(side) {
  const canvas = h('canvas', { class: 'memories-face-canvas' });
  return { el: h('div', { class: `memories-face memories-face-${side}` }, canvas), canvas };
}

/**
 * turnPage({ papers, spread, dir, store, from, to, sheets: { left, right }, fill, done }) -> { finish() }.
 * fill(sheet, index) shows a page in a sheet; finish() ends the turn at once (another turn
 * started, or the screen left).
 */
export function turnPage({ papers, spread, dir, store, from, to, sheets, fill, done }) {
  const { left, right } = sheets;
  const front = face('front');
  const back = face('back');
  const leaf = h('div', { class: 'memories-leaf', 'aria-hidden': 'true',
    dataset: { dir, mode: spread ? 'spread' : 'single', testid: 'memories-leaf' } }, front.el, back.el);
  const pageAt = (i) => {
    const summary = store.summaries[i];
    return summary ? (store.cached(summary.id)?.canvas || emptyCanvas()) : null;
  };

  // What the leaf shows on each side, and what is laid down under it now and when it lands.
  let frontPage;
  let backPage;
  let now;
  let landed;
  if (spread && dir === 'next') {
    frontPage = pageAt(from + 1);
    backPage = pageAt(to);
    now = () => fill(right, to + 1);
    landed = () => fill(left, to);
  } else if (spread) {
    frontPage = pageAt(from);
    backPage = pageAt(to + 1);
    now = () => fill(left, to);
    landed = () => fill(right, to + 1);
  } else if (dir === 'next') {
    frontPage = pageAt(from);
    backPage = emptyCanvas();
    now = () => fill(left, to);
    landed = () => {};
  } else {
    // One page: the earlier page comes back over from the left, landing face up.
    frontPage = pageAt(to);
    backPage = emptyCanvas();
    leaf.classList.add('memories-leaf-from-left');
    now = () => {};
    landed = () => fill(left, to);
  }

  papers.append(leaf);
  for (const [f, page] of [[front, frontPage], [back, backPage]]) {
    if (page) paint(f.canvas, page, { images: store.images, width: f.el.clientWidth || papers.clientWidth / (spread ? 2 : 1) });
    else f.el.classList.add('memories-face-none');
  }
  now();

  let finished = false;
  let timer = null;
  function finish() {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    leaf.remove();
    landed();
    done();
  }
  void leaf.offsetWidth; // start from the leaf's resting place, so the change below animates
  leaf.classList.add('memories-leaf-turning');
  leaf.addEventListener('transitionend', (event) => { if (event.target === leaf && event.propertyName === 'transform') finish(); });
  timer = setTimeout(finish, FALLBACK_MS);
  return { finish };
}
