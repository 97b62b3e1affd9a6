// A circle as Rin draws it everywhere: its colour as a dot, its emoji and its name. The colour
// arrives as a CSSOM custom property (the CSP forbids style attributes); the name is always
// written, so the colour is never the only sign of which circle it is.
import { h } from '../../dom.js';

/** The dot of a circle's colour. */
export function circleDot(color) {
  const dot = h('span', { class: 'rin-dot', 'aria-hidden': 'true' });
  dot.style.setProperty('--rin-circle', color || '#6B7280');
  return dot;
}

/** <span> with dot, emoji and name; a link when `href` is given. */
export function circleChip(circle, { href = null, testid = 'rin-circle-chip' } = {}) {
  const parts = [circleDot(circle.color), circle.emoji ? h('span', { 'aria-hidden': 'true' }, circle.emoji) : null,
    h('span', { class: 'rin-chip-name' }, circle.name)];
  return href
    ? h('a', { class: 'rin-chip', href, dataset: { testid, circle: circle.name } }, parts)
    : h('span', { class: 'rin-chip', dataset: { testid, circle: circle.name } }, parts);
}

export const circleHref = (circleId) => `#/rin/circles/${encodeURIComponent(circleId)}`;
