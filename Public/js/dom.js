// Tiny DOM helpers. We build every node with createElement (never innerHTML) so user
// text can't inject markup, and we never set `style` attributes because the CSP
// (style-src 'self') forbids inline styles: looks come from classes in kindred.css.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * h('button', {class: 'btn', type: 'button', onclick: fn, dataset: {testid: 'x'}}, 'Text')
 * Keys starting with "on" become event listeners; `dataset` maps to data-*;
 * true/false toggle boolean attributes; null/undefined are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Same as h() but in the SVG namespace, for the small app glyphs. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

function applyAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key === 'dataset') {
      for (const [k, v] of Object.entries(value)) if (v != null) el.dataset[k] = v;
    } else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'value' && 'value' in el && el.namespaceURI !== SVG_NS) {
      el.value = value; // property, so textareas and inputs both work
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Find an element by its data-testid inside root. */
export function byTestId(root, id) {
  return root.querySelector(`[data-testid="${id}"]`);
}

let idCounter = 0;
/** Unique ids for label/aria-describedby wiring. */
export function uid(prefix) {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

const UNITS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now": the largest unit that fits. */
export function relativeTime(date, now = Date.now()) {
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const seconds = (new Date(date).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'second'); // "now"
}

/** A <time> element showing relative time with the exact date as a tooltip. */
export function timeEl(iso) {
  const d = new Date(iso);
  return h('time', { datetime: d.toISOString(), title: d.toLocaleString() }, relativeTime(d));
}
