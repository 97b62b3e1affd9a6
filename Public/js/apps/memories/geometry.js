// Where things are on a page: a point in page units seen from an element's own (unrotated)
// frame box, and what a pointer touches. Used by the editor's eraser and selection.
import { drawingOrder } from './canvas-model.js';
import { radiusAt } from './render-ink.js';

/** The page point (px, py) in the element's frame box, where (0, 0) is its top-left corner. */
export function toLocal(element, px, py) {
  const { x, y, width: w, height: h } = element.frame;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const a = (-(element.rotation || 0) * Math.PI) / 180;
  const dx = px - cx;
  const dy = py - cy;
  return { x: dx * Math.cos(a) - dy * Math.sin(a) + w / 2, y: dx * Math.sin(a) + dy * Math.cos(a) + h / 2 };
}

function distanceToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether a stroke passes within `slop` page units of the point. */
export function inkNear(element, px, py, slop) {
  const { width: w, height: h } = element.frame;
  const p = toLocal(element, px, py);
  const pts = element.points;
  for (let i = 0; i < pts.length; i += 1) {
    const a = pts[i];
    const b = pts[Math.min(i + 1, pts.length - 1)];
    const reach = Math.max(radiusAt(element, a[2]), radiusAt(element, b[2])) + slop;
    if (distanceToSegment(p.x, p.y, a[0] * w, a[1] * h, b[0] * w, b[1] * h) <= reach) return true;
  }
  return false;
}

/** Whether the element is under the point (within `slop` page units). */
export function hits(element, px, py, slop = 0) {
  if (element.type === 'ink') return inkNear(element, px, py, slop);
  const p = toLocal(element, px, py);
  return p.x >= -slop && p.y >= -slop && p.x <= element.frame.width + slop && p.y <= element.frame.height + slop;
}

/** The topmost element under the point, or null. */
export function topmostAt(canvas, px, py, slop = 0) {
  const order = drawingOrder(canvas);
  for (let i = order.length - 1; i >= 0; i -= 1) if (hits(order[i], px, py, slop)) return order[i];
  return null;
}
