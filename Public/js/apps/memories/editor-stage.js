// The editor's page on screen: the page drawn by the renderer, a layer above it for the stroke
// being drawn (so a long page isn't drawn again for every point), the selection's box with its
// resize and rotate handles, and the friend's cursor. Drawing happens once per frame at most.
import { h } from '../../dom.js';
import { PAGE_HEIGHT, PAGE_WIDTH } from './canvas-model.js';
import { drawElement, paint } from './renderer.js';

/**
 * createStage({ images, view() }) -> { el, invalidate(), toPage(event), setLive(element|null),
 * setSelection(element|null), scale(), stop() }. view() answers the page to draw.
 */
export function createStage({ images, view }) {
  const base = h('canvas', { class: 'memories-stage-base', dataset: { testid: 'memories-editor-canvas' } });
  const live = h('canvas', { class: 'memories-stage-live', 'aria-hidden': 'true' });
  const rotate = h('span', { class: 'memories-handle memories-handle-rotate', dataset: { handle: 'rotate', testid: 'memories-handle-rotate' },
    title: 'Turn' });
  const resize = h('span', { class: 'memories-handle memories-handle-resize', dataset: { handle: 'resize', testid: 'memories-handle-resize' },
    title: 'Resize' });
  const box = h('div', { class: 'memories-selection', hidden: true, dataset: { testid: 'memories-selection' } }, rotate, resize);
  const presence = h('div', { class: 'memories-presence-layer', 'aria-hidden': 'true' });
  const el = h('div', { class: 'memories-editor-stage', dataset: { testid: 'memories-editor-stage' } }, base, live, box, presence);

  let liveElement = null;
  let selected = null;
  let painted = { elements: null, paper: null, width: 0, skip: null };
  let frame = 0;

  const scale = () => (el.clientWidth || 1) / PAGE_WIDTH;

  /** Does the base need drawing again: anything but the stroke in progress changed? */
  function baseChanged(canvas, width, skip) {
    if (painted.paper !== canvas.paper || painted.width !== width || painted.skip !== skip || !painted.elements) return true;
    const a = painted.elements;
    const b = canvas.elements;
    if (a === b) return false;
    if (a.length !== b.length) return true;
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i] && b[i].id !== skip) return true;
    return false;
  }

  function draw() {
    frame = 0;
    const width = el.clientWidth;
    if (!width) return;
    const canvas = view();
    const skip = liveElement?.id || null;
    if (baseChanged(canvas, width, skip)) {
      paint(base, canvas, { images, width, skip });
      painted = { elements: canvas.elements, paper: canvas.paper, width, skip };
    }
    if (live.width !== base.width || live.height !== base.height) {
      live.width = base.width;
      live.height = base.height;
    }
    const ctx = live.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, live.width, live.height);
    if (liveElement) {
      const s = live.width / PAGE_WIDTH;
      ctx.setTransform(s, 0, 0, s, 0, 0);
      drawElement(ctx, liveElement, images);
    }
    placeSelection();
  }

  function placeSelection() {
    box.hidden = !selected;
    if (!selected) return;
    const s = scale();
    const { x, y, width: w, height: hgt } = selected.frame;
    box.style.left = `${x * s}px`;
    box.style.top = `${y * s}px`;
    box.style.width = `${w * s}px`;
    box.style.height = `${hgt * s}px`;
    box.style.transform = `rotate(${selected.rotation || 0}deg)`;
    box.dataset.type = selected.type;
  }

  function invalidate({ full = false } = {}) {
    if (full) painted = { elements: null, paper: null, width: 0, skip: null };
    if (!frame) frame = requestAnimationFrame(draw);
  }

  const resizeObserver = new ResizeObserver(() => invalidate({ full: true }));
  resizeObserver.observe(el);
  const offImages = images.onLoad(() => invalidate({ full: true }));

  return {
    el,
    presence,
    invalidate,
    scale,
    /** The pointer's place on the page, in page units (it may be off the page). */
    toPage(event) {
      const r = el.getBoundingClientRect();
      return { x: ((event.clientX - r.left) / r.width) * PAGE_WIDTH, y: ((event.clientY - r.top) / r.height) * PAGE_HEIGHT };
    },
    setLive(element) { liveElement = element; invalidate(); },
    setSelection(element) { selected = element; invalidate(); },
    /** Draw now (tests and print read the bitmap right after a change). */
    flush() { if (frame) cancelAnimationFrame(frame); draw(); },
    stop() {
      cancelAnimationFrame(frame);
      resizeObserver.disconnect();
      offImages();
    },
  };
}
