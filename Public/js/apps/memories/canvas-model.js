// The page format (openapi.yaml `MemoriesPageCanvas`, Sources/MemoriesCanvas): a 1000 × 1400
// sheet of ink, photos and text, and the four operations that change a shared one. apply() is
// the server's Canvas.apply in JavaScript, rule for rule, so every device that applies the same
// operations in the same order ends on the same page. It never mutates: a canvas after an
// operation shares every untouched element with the one before, so "confirmed page + my pending
// operations" is cheap to work out again whenever the confirmed page moves on.

export const PAGE_WIDTH = 1000;
export const PAGE_HEIGHT = 1400;
export const PAPERS = ['plain', 'lined', 'dotted', 'grid'];
export const FONTS = ['serif', 'sans', 'hand', 'mono'];
export const ALIGNS = ['left', 'center', 'right'];
export const TOOLS = ['pen', 'pencil', 'marker'];
export const LIMITS = {
  elements: 2000, points: 200_000, bytes: 2 * 1024 * 1024, z: 1_000_000, text: 5000, batch: 100,
};

/** A blank page. */
export const emptyCanvas = (paper = 'plain') => ({ version: 1, paper, elements: [] });

/** Elements in drawing order: by z, then by their place in the list. */
export function drawingOrder(canvas) {
  return canvas.elements.map((element, index) => ({ element, index }))
    .sort((a, b) => (a.element.z - b.element.z) || (a.index - b.index))
    .map(({ element }) => element);
}

export const findElement = (canvas, elementId) => canvas.elements.find((e) => e.id === elementId) || null;

/** The z that puts a new element on top of everything. */
export const topZ = (canvas) => Math.min(LIMITS.z, canvas.elements.reduce((max, e) => Math.max(max, e.z), 0) + 1);

/** Fields an update may set, by element type (a font for ink is ignored, as on the server). */
const SETTABLE = {
  ink: ['tool', 'color', 'width'],
  text: ['text', 'font', 'size', 'color', 'align'],
  photo: [],
};

function applyChanges(element, changes) {
  const next = { ...element };
  if (changes.frame) next.frame = { ...changes.frame };
  if (changes.rotation != null) next.rotation = changes.rotation;
  if (changes.z != null) next.z = changes.z;
  for (const key of SETTABLE[element.type] || []) if (changes[key] != null) next[key] = changes[key];
  return next;
}

/** The canvas after one operation. Total: an operation about a missing element changes nothing. */
export function apply(canvas, op) {
  const { elements } = canvas;
  switch (op.kind) {
    case 'add': {
      if (elements.some((e) => e.id === op.element.id)) return canvas;
      return { ...canvas, elements: [...elements, normalElement(op.element)] };
    }
    case 'update': {
      const i = elements.findIndex((e) => e.id === op.elementId);
      if (i < 0) return canvas;
      return { ...canvas, elements: replaced(elements, i, applyChanges(elements[i], op.changes || {})) };
    }
    case 'delete': {
      const i = elements.findIndex((e) => e.id === op.elementId);
      if (i < 0) return canvas;
      return { ...canvas, elements: elements.filter((_, k) => k !== i) };
    }
    case 'appendPoints': {
      const i = elements.findIndex((e) => e.id === op.elementId);
      if (i < 0 || elements[i].type !== 'ink') return canvas;
      return { ...canvas, elements: replaced(elements, i, { ...elements[i], points: elements[i].points.concat(op.points) }) };
    }
    default:
      return canvas; // a kind this client predates changes nothing here
  }
}

export const applyAll = (canvas, ops) => ops.reduce(apply, canvas);

function replaced(list, index, value) {
  const copy = list.slice();
  copy[index] = value;
  return copy;
}

/** The server stores every element with a rotation; so do we, so both read the same JSON. */
function normalElement(element) {
  return element.rotation == null ? { ...element, rotation: 0 } : element;
}

/** A canvas as the server stores it: every element with its rotation. */
export function normalCanvas(canvas) {
  return { version: canvas.version ?? 1, paper: canvas.paper || 'plain', elements: (canvas.elements || []).map(normalElement) };
}

/**
 * The operations that undo `ops` on `before` (the canvas they were applied to), in the order to
 * send them. An update's inverse puts back only the fields it set.
 */
export function inverseOf(before, ops) {
  const undo = [];
  let canvas = before;
  for (const op of ops) {
    const element = op.kind === 'add' ? null : findElement(canvas, op.elementId);
    if (op.kind === 'add' && !findElement(canvas, op.element.id)) {
      undo.unshift({ kind: 'delete', elementId: op.element.id });
    } else if (op.kind === 'delete' && element) {
      undo.unshift({ kind: 'add', element });
    } else if (op.kind === 'update' && element) {
      const back = {};
      for (const key of Object.keys(op.changes || {})) {
        if (key === 'frame' || key === 'rotation' || key === 'z' || (SETTABLE[element.type] || []).includes(key)) back[key] = element[key] ?? 0;
      }
      if (Object.keys(back).length) undo.unshift({ kind: 'update', elementId: element.id, changes: back });
    }
    // appendPoints is only ever part of a stroke, whose undo is deleting the stroke (see history.js).
    canvas = apply(canvas, op);
  }
  return undo;
}

// ---- checks before anything is sent (the server's CanvasValidator, in short) ----

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/;
const within = (v, lo, hi) => typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

function frameProblem(f) {
  if (!f || !within(f.x, -1000, 2000) || !within(f.y, -1400, 2800) || !within(f.width, 1, 4000) || !within(f.height, 1, 4000)) {
    return 'An element is outside the page’s bounds.';
  }
  return null;
}

function pointsProblem(points) {
  if (!Array.isArray(points) || !points.length) return 'A stroke needs at least one point.';
  for (const p of points) {
    if (!Array.isArray(p) || p.length !== 4 || !within(p[0], 0, 1) || !within(p[1], 0, 1) || !within(p[2], 0, 1) || !within(p[3], 0, 600_000)) {
      return 'A stroke has a point off its frame.';
    }
  }
  return null;
}

/** What is wrong with one element, or null. */
export function elementProblem(e) {
  if (!e || !ID.test(e.id || '')) return 'An element has a bad id.';
  if (!Number.isInteger(e.z) || e.z < 0 || e.z > LIMITS.z) return 'An element has a bad z.';
  const frame = frameProblem(e.frame);
  if (frame) return frame;
  if (e.rotation != null && !within(e.rotation, -360, 360)) return 'An element is turned too far.';
  if (e.type === 'ink') {
    if (!TOOLS.includes(e.tool) || !COLOR.test(e.color || '') || !within(e.width, 0.5, 200)) return 'A stroke has a bad tool, colour or width.';
    return pointsProblem(e.points);
  }
  if (e.type === 'photo') return typeof e.mediaId === 'string' && e.mediaId ? null : 'A photo has no picture.';
  if (e.type === 'text') {
    if (typeof e.text !== 'string' || [...e.text].length > LIMITS.text) return 'A text is at most 5,000 characters.';
    if (FORBIDDEN_TEXT.test(e.text)) return 'Text can hold line breaks and tabs, but no other control characters.';
    if (!FONTS.includes(e.font) || !within(e.size, 6, 400) || !COLOR.test(e.color || '') || !ALIGNS.includes(e.align)) {
      return 'A text has a bad font, size, colour or alignment.';
    }
    return null;
  }
  return 'An element has an unknown type.';
}

/** What is wrong with one operation, or null. */
export function operationProblem(op) {
  switch (op.kind) {
    case 'add': return elementProblem(op.element);
    case 'delete': return ID.test(op.elementId || '') ? null : 'An operation names a bad element id.';
    case 'appendPoints': return ID.test(op.elementId || '') ? pointsProblem(op.points) : 'An operation names a bad element id.';
    case 'update': {
      const c = op.changes || {};
      if (!ID.test(op.elementId || '')) return 'An operation names a bad element id.';
      if (c.frame && frameProblem(c.frame)) return frameProblem(c.frame);
      if (c.rotation != null && !within(c.rotation, -360, 360)) return 'An element is turned too far.';
      if (c.z != null && (!Number.isInteger(c.z) || c.z < 0 || c.z > LIMITS.z)) return 'An element has a bad z.';
      if (c.color != null && !COLOR.test(c.color)) return 'A colour is #rrggbb or #rrggbbaa.';
      if (c.width != null && !within(c.width, 0.5, 200)) return 'A stroke is 0.5 to 200 wide.';
      if (c.size != null && !within(c.size, 6, 400)) return 'Text is 6 to 400 in size.';
      if (c.text != null && ([...c.text].length > LIMITS.text || FORBIDDEN_TEXT.test(c.text))) return 'A text is at most 5,000 characters.';
      return null;
    }
    default: return 'Unknown operation.';
  }
}

export const pointCount = (canvas) => canvas.elements.reduce((n, e) => n + (e.type === 'ink' ? e.points.length : 0), 0);

/**
 * The page's totals against the limits, cheaply enough to run on every stroke: the exact size is
 * measured only when an estimate says it might matter.
 */
export function sizeProblem(canvas) {
  if (canvas.elements.length > LIMITS.elements) return `A page holds at most ${LIMITS.elements.toLocaleString('en')} things.`;
  const points = pointCount(canvas);
  if (points > LIMITS.points) return 'This page has as much ink as a page can hold.';
  const text = canvas.elements.reduce((n, e) => n + (e.type === 'text' ? e.text.length : 0), 0);
  const estimate = points * 60 + canvas.elements.length * 400 + text * 6;
  if (estimate > LIMITS.bytes / 2 && new Blob([JSON.stringify(canvas)]).size > LIMITS.bytes) return 'A page is at most 2 MiB.';
  return null;
}

/** What keeps this page from being stored, or null: the server's checks, run before sending. */
export function canvasProblem(canvas) {
  if (canvas.version !== 1 || !PAPERS.includes(canvas.paper)) return 'The page format is version 1.';
  if (canvas.elements.length > LIMITS.elements) return `A page holds at most ${LIMITS.elements.toLocaleString('en')} things.`;
  if (pointCount(canvas) > LIMITS.points) return 'This page has as much ink as a page can hold.';
  const ids = new Set();
  for (const e of canvas.elements) {
    const problem = elementProblem(e);
    if (problem) return problem;
    if (ids.has(e.id)) return 'Two elements share an id.';
    ids.add(e.id);
  }
  // Measured as UTF-8, as the server counts bytes (its own JSON differs by a few digits at most).
  if (new Blob([JSON.stringify(canvas)]).size > LIMITS.bytes) return 'A page is at most 2 MiB.';
  return null;
}

let counter = 0;
/** A fresh element id: short, unique across devices (random), and within the id alphabet. */
export function newElementId(prefix = 'e') {
  counter = (counter + 1) % 1296;
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `${prefix}${random[0].toString(36)}${random[1].toString(36)}${counter.toString(36)}`.slice(0, 64);
}
