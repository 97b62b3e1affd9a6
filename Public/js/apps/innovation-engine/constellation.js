// The network drawn as a constellation on a <canvas>: black sky, soft lines, and each person
// as their photo (or initials) with their name under it; me ringed in blue. Positions come
// from the server (x, y in 0–1) so the web, iOS and Android draw the same picture; this file
// maps them to pixels and handles zoom and pan.
//
// On a phone the sky sits in a scrolling page, so it must not trap scrolling: a vertical swipe
// scrolls the page (touch-action: pan-y in innovation-engine.css), a sideways drag or a pinch
// moves the sky, and the mouse wheel zooms only with Ctrl (a trackpad pinch sends that too).
import { initials } from '../../components.js';

const PAD = 40; // CSS px kept free around the layout so edge faces and names aren't clipped
const HIT_RADIUS = 22; // generous, for fingers
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 8;
const ME_COLOR = '#4ea1ff';
const FACE = 14; // radius of a face in CSS px; mine is a little bigger
const NAMES_UP_TO = 40; // more people than this: names only once zoomed in, or they pile up
// Initials sit on one of these, picked from the person's id, so neighbours look different.
const TINTS = ['#b83d0b', '#0d7d74', '#6d3fd0', '#2563eb', '#be185d', '#4d7c0f', '#a16207', '#475569'];

/**
 * createConstellation(canvas, { onSelect(person|null, {x, y}) }) -> { setData(network), zoomBy(f), reset(), destroy() }.
 * onSelect reports the person under the pointer (hover or tap) with its position in CSS px
 * relative to the canvas, so the caller can place a label there.
 */
export function createConstellation(canvas, { onSelect }) {
  const ctx = canvas.getContext('2d');
  let size = { w: 0, h: 0 };
  let view = { k: 1, x: 0, y: 0 }; // screen = world * k + (x, y)
  let stars = []; // { person, isMe, wx, wy } in world (unzoomed CSS px) coordinates
  let lines = []; // [starA, starB]
  let data = null;
  let selected = null;
  const pointers = new Map(); // pointerId -> {x, y}
  let gesture = null; // { moved, startX, startY, dist, mid }
  const faces = new Map(); // avatar URL -> <img>, drawn once loaded

  function layout() {
    if (!data) return;
    const byId = new Map((data.positions || []).map((p) => [p.id, p]));
    const place = (person, isMe) => {
      // The server places everyone; me falls back to the centre only if it left me out.
      const p = byId.get(person.id) || (isMe ? { x: 0.5, y: 0.5 } : null);
      return p && { person, isMe, wx: PAD + p.x * (size.w - 2 * PAD), wy: PAD + p.y * (size.h - 2 * PAD) };
    };
    const me = place(data.me, true);
    const people = data.people.map((p) => place(p, false)).filter(Boolean);
    const byPerson = new Map(people.map((s) => [s.person.id, s]));
    lines = [
      ...people.map((s) => [me, s]),
      ...(data.links || []).map((l) => [byPerson.get(l.a), byPerson.get(l.b)]).filter(([a, b]) => a && b),
    ];
    stars = [...people, me]; // me last, so it is drawn on top
    if (selected) selected = stars.find((s) => s.person.id === selected.person.id) || null;
  }

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    size = { w: rect.width, h: rect.height };
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    layout();
    draw();
    refreshSelection(); // keep the name label on its star
  }

  const toScreen = (s) => ({ x: s.wx * view.k + view.x, y: s.wy * view.k + view.y });

  function draw() {
    const dpr = canvas.width / (size.w || 1);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0); // draw in CSS px, crisp on any screen
    ctx.lineWidth = 1;
    for (const [a, b] of lines) {
      const pa = toScreen(a);
      const pb = toScreen(b);
      ctx.strokeStyle = a.isMe ? 'rgba(255,255,255,0.32)' : 'rgba(200,200,210,0.2)';
      ctx.beginPath();
      ctx.moveTo(pa.x, pa.y);
      ctx.lineTo(pb.x, pb.y);
      ctx.stroke();
    }
    const named = stars.length <= NAMES_UP_TO || view.k >= 2;
    for (const s of stars) drawPerson(s, toScreen(s), named || s === selected || s.isMe);
  }

  function drawPerson(s, p, withName) {
    const r = s.isMe ? FACE + 3 : FACE;
    ctx.save();
    ctx.shadowColor = s.isMe ? ME_COLOR : 'rgba(255,255,255,0.55)';
    ctx.shadowBlur = s.isMe ? 18 : 10;
    ctx.beginPath();
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    ctx.fillStyle = TINTS[hash(s.person.id) % TINTS.length];
    ctx.fill();
    ctx.shadowBlur = 0;
    const img = face(s.person);
    if (img) {
      ctx.clip();
      // Cover the circle like object-fit: cover, whatever the photo's shape.
      const side = Math.min(img.naturalWidth, img.naturalHeight);
      ctx.drawImage(img, (img.naturalWidth - side) / 2, (img.naturalHeight - side) / 2, side, side,
        p.x - r, p.y - r, r * 2, r * 2);
    } else {
      ctx.fillStyle = '#fff';
      ctx.font = `700 ${Math.round(r * 0.85)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(initials(s.person), p.x, p.y + 1);
    }
    ctx.restore();
    ctx.lineWidth = s.isMe || s === selected ? 2.5 : 1.5;
    ctx.strokeStyle = s.isMe ? ME_COLOR : s === selected ? '#fff' : 'rgba(255,255,255,0.75)';
    ctx.beginPath();
    ctx.arc(p.x, p.y, r + (s === selected ? 3 : 0), 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = 1;
    if (withName) {
      const name = shortName(s.isMe ? 'You' : s.person.displayName || s.person.username || '');
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(0,0,0,0.85)'; // a dark outline keeps names readable over lines
      ctx.strokeText(name, p.x, p.y + r + 4);
      ctx.fillStyle = '#fff';
      ctx.fillText(name, p.x, p.y + r + 4);
      ctx.lineWidth = 1;
    }
  }

  /** The person's photo once it has loaded, else null (and start loading it). */
  function face(person) {
    const url = person.avatar?.url;
    if (!url) return null;
    let img = faces.get(url);
    if (!img) {
      img = new Image();
      img.decoding = 'async';
      img.addEventListener('load', () => draw(), { once: true }); // an expired URL just stays initials
      img.src = url;
      faces.set(url, img);
    }
    return img.complete && img.naturalWidth > 0 ? img : null;
  }

  function starAt(x, y) {
    let best = null;
    let bestD = HIT_RADIUS;
    for (const s of stars) {
      const p = toScreen(s);
      const d = Math.hypot(p.x - x, p.y - y);
      if (d <= bestD) { best = s; bestD = d; }
    }
    return best;
  }

  function select(s) {
    if (s === selected) return;
    selected = s;
    draw();
    onSelect(s ? { ...s.person, isMe: s.isMe } : null, s ? toScreen(s) : null);
  }

  function refreshSelection() {
    if (selected) onSelect({ ...selected.person, isMe: selected.isMe }, toScreen(selected));
  }

  /** Zoom by `factor` keeping the point (px, py) (CSS px) still: it stays under the finger. */
  function zoomAt(factor, px, py) {
    const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor));
    const f = k / view.k;
    view = { k, x: px - (px - view.x) * f, y: py - (py - view.y) * f };
    draw();
    refreshSelection();
  }

  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  function onWheel(e) {
    if (!e.ctrlKey && !e.metaKey) return; // a plain wheel scrolls the page past the sky
    e.preventDefault(); // the page must not zoom while the sky does
    const p = local(e);
    zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), p.x, p.y);
  }

  function onDown(e) {
    try { canvas.setPointerCapture(e.pointerId); } catch { /* pointer already gone: drag still works inside */ }
    pointers.set(e.pointerId, local(e));
    const pts = [...pointers.values()];
    gesture = pts.length === 2
      ? { moved: true, dist: Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y), mid: midpoint(pts) }
      : { moved: false, startX: pts[0].x, startY: pts[0].y };
  }

  function onMove(e) {
    const p = local(e);
    if (!pointers.has(e.pointerId)) {
      if (e.pointerType === 'mouse') select(starAt(p.x, p.y)); // hover shows names
      return;
    }
    const prev = pointers.get(e.pointerId);
    pointers.set(e.pointerId, p);
    const pts = [...pointers.values()];
    if (pts.length >= 2 && gesture?.dist) {
      // Pinch: scale by the change in finger distance around their midpoint, pan with it.
      const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      const mid = midpoint(pts);
      view = { ...view, x: view.x + mid.x - gesture.mid.x, y: view.y + mid.y - gesture.mid.y };
      zoomAt(dist / gesture.dist, mid.x, mid.y);
      gesture = { moved: true, dist, mid };
    } else if (gesture) {
      if (!gesture.moved && Math.hypot(p.x - gesture.startX, p.y - gesture.startY) < 5) return; // still a tap
      gesture.moved = true;
      view = { ...view, x: view.x + p.x - prev.x, y: view.y + p.y - prev.y };
      draw();
      refreshSelection();
    }
  }

  function onUp(e) {
    if (!pointers.has(e.pointerId)) return;
    const p = local(e);
    pointers.delete(e.pointerId);
    if (gesture && !gesture.moved && e.type === 'pointerup') select(starAt(p.x, p.y)); // a tap
    gesture = pointers.size === 1 ? { moved: true, startX: 0, startY: 0 } : null;
  }

  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse' && !pointers.size) select(null); });
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  const onDpr = () => resize();
  window.addEventListener('resize', onDpr); // devicePixelRatio changes (browser zoom) resize the window

  return {
    setData(network) { data = network; layout(); draw(); refreshSelection(); },
    zoomBy(factor) { zoomAt(factor, size.w / 2, size.h / 2); },
    reset() { view = { k: 1, x: 0, y: 0 }; draw(); refreshSelection(); },
    select(id) { select(stars.find((s) => s.person.id === id) || null); },
    destroy() { observer.disconnect(); window.removeEventListener('resize', onDpr); faces.clear(); },
  };
}

function midpoint(pts) {
  return { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 };
}

/** A small stable number from an id, to pick a tint. */
function hash(text) {
  let n = 0;
  for (const ch of String(text)) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  return n;
}

function shortName(name) {
  const chars = [...name];
  return chars.length > 14 ? `${chars.slice(0, 13).join('')}…` : name;
}
