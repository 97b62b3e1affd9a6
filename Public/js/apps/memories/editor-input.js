// What a finger, pen or mouse does on the editor's page, by tool:
// - pen, pencil, marker: a stroke, with the pen's pressure (a mouse presses 0.5); on a shared
//   page its points go out as they are drawn (appendPoints), on a letter the stroke is saved whole;
// - eraser: deletes every stroke it touches;
// - select: picks the topmost thing, drags it; its box's corner resizes it, its knob turns it,
//   and two fingers pinch it bigger or smaller and turn it;
// - text: a tap on a text selects it, anywhere else starts a new one.
import { PAGE_HEIGHT, PAGE_WIDTH, findElement, newElementId, topZ } from './canvas-model.js';
import { inkNear, toLocal, topmostAt } from './geometry.js';

const MIN_STEP = 1.5; // page units between kept points: finer adds size, not shape
const ERASER = 14;
const MIN_SIZE = 20;
const round = (v, d) => Math.round(v * 10 ** d) / 10 ** d;
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

function clampFrame(f) {
  const width = round(clamp(f.width, MIN_SIZE, 4000), 2);
  const height = round(clamp(f.height, MIN_SIZE, 4000), 2);
  return { x: round(clamp(f.x, -1000, 2000), 2), y: round(clamp(f.y, -1400, 2800), 2), width, height };
}

/** Degrees in -180…180, snapped to upright when close. */
function niceAngle(deg) {
  let a = ((deg + 180) % 360 + 360) % 360 - 180;
  if (Math.abs(a) < 4) a = 0;
  return round(a, 2);
}

/**
 * attachInput(ctx) -> detach(). ctx: { stage, doc, history, tools(), selectedId(), select(id),
 * setPreview(changes|null), step(ops, mergeKey?), streaming, editable(), startText(point, hit),
 * presence(point) }.
 */
export function attachInput(ctx) {
  const { stage } = ctx;
  const el = stage.el;
  const pointers = new Map(); // pointerId -> { x, y } page units
  let gesture = null;

  function pressureOf(event) {
    if (event.pointerType === 'mouse') return 0.5;
    return event.pressure > 0 ? round(event.pressure, 3) : 0.5;
  }

  // ---- strokes ----
  function pointAt(p, event, t0) {
    return [round(clamp(p.x / PAGE_WIDTH, 0, 1), 5), round(clamp(p.y / PAGE_HEIGHT, 0, 1), 5), pressureOf(event),
      Math.round(clamp(event.timeStamp - t0, 0, 600_000))];
  }

  function startStroke(p, event) {
    const { tool, color, width } = ctx.tools();
    const element = { id: newElementId('s'), type: 'ink', z: topZ(ctx.doc.canvas), frame: { x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT },
      rotation: 0, tool, color, width, points: [] };
    const t0 = event.timeStamp;
    element.points.push(pointAt(p, event, t0));
    gesture = { kind: 'stroke', element, t0, last: p, sent: 0 };
    if (ctx.streaming) {
      ctx.doc.commit([{ kind: 'add', element: { ...element, points: element.points.slice() } }]);
      gesture.sent = element.points.length;
    }
    stage.setLive(element);
  }

  function moveStroke(event) {
    const g = gesture;
    const events = event.getCoalescedEvents?.() || [event];
    for (const e of events.length ? events : [event]) {
      const p = stage.toPage(e);
      if (Math.hypot(p.x - g.last.x, p.y - g.last.y) < MIN_STEP) continue;
      g.element.points.push(pointAt(p, e, g.t0));
      g.last = p;
    }
    stream();
    stage.setLive(g.element);
  }

  function stream() {
    const g = gesture;
    if (!ctx.streaming || g.sent >= g.element.points.length) return;
    ctx.doc.commit([{ kind: 'appendPoints', elementId: g.element.id, points: g.element.points.slice(g.sent) }]);
    g.sent = g.element.points.length;
  }

  function endStroke(event) {
    const g = gesture;
    const p = stage.toPage(event);
    if (Math.hypot(p.x - g.last.x, p.y - g.last.y) >= 0.01) g.element.points.push(pointAt(p, event, g.t0));
    const element = { ...g.element, points: g.element.points.slice() };
    if (ctx.streaming) stream();
    else ctx.doc.commit([{ kind: 'add', element }]);
    ctx.history.push({ forward: [{ kind: 'add', element }], inverse: [{ kind: 'delete', elementId: element.id }] });
    stage.setLive(null);
  }

  // ---- the eraser ----
  function eraseAlong(from, to) {
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / (ERASER / 2)));
    const hit = [];
    for (const element of ctx.doc.canvas.elements) {
      if (element.type !== 'ink' || gesture.erased.has(element.id)) continue;
      for (let i = 0; i <= steps; i += 1) {
        const x = from.x + ((to.x - from.x) * i) / steps;
        const y = from.y + ((to.y - from.y) * i) / steps;
        if (inkNear(element, x, y, ERASER)) { hit.push(element); break; }
      }
    }
    if (!hit.length) return;
    for (const element of hit) gesture.erased.set(element.id, element);
    ctx.doc.commit(hit.map((element) => ({ kind: 'delete', elementId: element.id })));
  }

  function endErase() {
    const erased = [...gesture.erased.values()];
    if (erased.length) {
      ctx.history.push({ forward: erased.map((e) => ({ kind: 'delete', elementId: e.id })),
        inverse: erased.reverse().map((e) => ({ kind: 'add', element: e })) });
    }
  }

  // ---- moving, resizing, turning, pinching ----
  function transformStart(kind, element, p) {
    gesture = { kind, id: element.id, start: p, frame: { ...element.frame }, rotation: element.rotation || 0, changes: null };
  }

  function transformMove(p) {
    const g = gesture;
    const f = g.frame;
    const cx = f.x + f.width / 2;
    const cy = f.y + f.height / 2;
    if (g.kind === 'move') {
      g.changes = { frame: clampFrame({ ...f, x: f.x + p.x - g.start.x, y: f.y + p.y - g.start.y }) };
    } else if (g.kind === 'rotate') {
      g.changes = { rotation: niceAngle((Math.atan2(p.y - cy, p.x - cx) * 180) / Math.PI + 90) };
    } else if (g.kind === 'resize') {
      // The corner opposite the handle stays where it is, whatever the element's turn.
      const local = toLocal({ frame: f, rotation: g.rotation }, p.x, p.y);
      let w = Math.max(MIN_SIZE, local.x);
      let hgt = Math.max(MIN_SIZE, local.y);
      const element = findElement(ctx.doc.canvas, g.id);
      if (element?.type === 'photo') { const k = Math.max(w / f.width, hgt / f.height); w = f.width * k; hgt = f.height * k; }
      const a = (g.rotation * Math.PI) / 180;
      const rot = (x, y) => ({ x: x * Math.cos(a) - y * Math.sin(a), y: x * Math.sin(a) + y * Math.cos(a) });
      const corner = rot(-f.width / 2, -f.height / 2);
      const ox = cx + corner.x;
      const oy = cy + corner.y;
      const half = rot(w / 2, hgt / 2);
      g.changes = { frame: clampFrame({ x: ox + half.x - w / 2, y: oy + half.y - hgt / 2, width: w, height: hgt }) };
    }
    ctx.setPreview(g.changes);
  }

  function pinchStart() {
    const [a, b] = [...pointers.values()];
    const element = findElement(ctx.doc.canvas, ctx.selectedId());
    if (!element || !a || !b) return;
    gesture = { kind: 'pinch', id: element.id, frame: { ...element.frame }, rotation: element.rotation || 0,
      d0: Math.max(1, Math.hypot(b.x - a.x, b.y - a.y)), a0: Math.atan2(b.y - a.y, b.x - a.x), changes: null };
  }

  function pinchMove() {
    const g = gesture;
    const [a, b] = [...pointers.values()];
    if (!a || !b) return;
    const k = Math.hypot(b.x - a.x, b.y - a.y) / g.d0;
    const turn = ((Math.atan2(b.y - a.y, b.x - a.x) - g.a0) * 180) / Math.PI;
    const f = g.frame;
    const w = f.width * k;
    const hgt = f.height * k;
    g.changes = { frame: clampFrame({ x: f.x + f.width / 2 - w / 2, y: f.y + f.height / 2 - hgt / 2, width: w, height: hgt }),
      rotation: niceAngle(g.rotation + turn) };
    ctx.setPreview(g.changes);
  }

  function transformEnd() {
    const g = gesture;
    ctx.setPreview(null);
    if (g.changes) ctx.step([{ kind: 'update', elementId: g.id, changes: g.changes }]);
  }

  // ---- the pointer ----
  function down(event) {
    if (!ctx.editable() || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const p = stage.toPage(event);
    pointers.set(event.pointerId, p);
    el.setPointerCapture?.(event.pointerId);
    event.preventDefault();
    if (pointers.size === 2 && gesture && ['move', 'resize', 'rotate'].includes(gesture.kind)) { pinchStart(); return; }
    if (gesture) return; // a second finger while drawing: ignored
    const handle = event.target.closest?.('[data-handle]')?.dataset.handle;
    const selected = findElement(ctx.doc.canvas, ctx.selectedId());
    if (handle && selected) { transformStart(handle, selected, p); return; }
    const { tool } = ctx.tools();
    if (tool === 'eraser') {
      gesture = { kind: 'erase', last: p, erased: new Map() };
      eraseAlong(p, p);
    } else if (tool === 'select') {
      const hit = topmostAt(ctx.doc.canvas, p.x, p.y, 6 / Math.max(0.2, stage.scale()));
      ctx.select(hit?.id || null);
      if (hit) transformStart('move', hit, p);
    } else if (tool === 'text') {
      const hit = topmostAt({ ...ctx.doc.canvas, elements: ctx.doc.canvas.elements.filter((e) => e.type === 'text') }, p.x, p.y, 4);
      ctx.startText(p, hit);
    } else {
      ctx.select(null);
      startStroke(p, event);
    }
  }

  function move(event) {
    const p = stage.toPage(event);
    ctx.presence(p);
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, p);
    if (!gesture) return;
    event.preventDefault();
    if (gesture.kind === 'stroke') moveStroke(event);
    else if (gesture.kind === 'erase') { eraseAlong(gesture.last, p); gesture.last = p; }
    else if (gesture.kind === 'pinch') pinchMove();
    else transformMove(p);
  }

  function up(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (!gesture) return;
    if (gesture.kind === 'pinch') {
      if (pointers.size > 0) return; // the gesture ends with the last finger
      transformEnd();
    } else if (gesture.kind === 'stroke') {
      endStroke(event);
    } else if (gesture.kind === 'erase') {
      endErase();
    } else {
      transformEnd();
    }
    gesture = null;
    pointers.clear();
  }

  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
  };
}
