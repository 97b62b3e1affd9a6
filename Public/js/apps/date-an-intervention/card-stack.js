// The Discover card stack: the top card follows a finger or mouse sideways (Pointer Events),
// tilts with its offset and shows LIKE / NOPE as it goes; let go past a threshold (or flick) and
// it flies off, otherwise it springs back. Buttons and keys fly it off the same way.
// Only sideways moves swipe. As in Bumble (vertical moves scroll, SuperSwipe is a button) and
// unlike Tinder (swipe up to Super Like, and accidental Super Likes are a standing complaint), a
// vertical move never decides anything: on a phone it scrolls the page (the card is
// `touch-action: pan-y`), and super-like, the weightiest choice, stays on its ★ button and the
// ↑ key, where it is always deliberate.
// The stack only draws: Discover owns the deck and decides what happens after a swipe.
import { h } from '../../dom.js';
import { categoryChip, paintGradient, profileHref } from './intervention-view.js';

const SHOWN = 3; // the top card and two underneath, so the next one is always already there
const THRESHOLD = 0.3; // of the card's width
const FLICK_SPEED = 0.6; // px per ms over the last moments of a drag
const FLICK_MIN = 30; // px: a flick still has to go somewhere
const TAP_SLOP = 6; // px: less than this is a tap, not a drag
const FLY_MS = 320;
const VERTICAL_FOLLOW = 0.25; // the card hints at a vertical move but doesn't follow it: it won't go that way

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const clamp01 = (v) => Math.max(0, Math.min(1, v));

/**
 * Which way a drag ended: 'like', 'pass', or null to spring back. Never 'superlike': a drag that
 * is at least as vertical as it is sideways is no swipe at all, however far or fast it went.
 */
export function decide({ dx, dy, vx }, width) {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  const reach = width * THRESHOLD;
  if (dx > reach || (vx > FLICK_SPEED && dx > FLICK_MIN)) return 'like';
  if (-dx > reach || (vx < -FLICK_SPEED && -dx > FLICK_MIN)) return 'pass';
  return null;
}

/**
 * createCardStack({ names, onSwipe(card, direction), onOpen(card) })
 * -> { el, show(cards), fly(direction), focusTop() }
 */
export function createCardStack({ names, onSwipe, onOpen }) {
  const el = h('div', { class: 'date-an-intervention-stack', dataset: { testid: 'dai-stack' } });
  const shown = new Map(); // card id -> { card, el }
  let order = []; // ids, top first

  function cardEl(card) {
    const node = h('article', { class: 'date-an-intervention-card', dataset: { id: card.id }, 'aria-roledescription': 'card' },
      h('div', { class: 'date-an-intervention-card-art', 'aria-hidden': 'true' },
        h('span', { class: 'date-an-intervention-card-emoji' }, card.emoji || '🌍')),
      h('span', { class: 'date-an-intervention-stamp date-an-intervention-stamp-like', 'aria-hidden': 'true' }, 'LIKE'),
      h('span', { class: 'date-an-intervention-stamp date-an-intervention-stamp-nope', 'aria-hidden': 'true' }, 'NOPE'),
      h('span', { class: 'date-an-intervention-stamp date-an-intervention-stamp-super', 'aria-hidden': 'true' }, 'SUPER'),
      h('div', { class: 'date-an-intervention-card-info' },
        h('h2', { class: 'date-an-intervention-card-name' }, card.name),
        h('p', { class: 'date-an-intervention-card-age' }, card.age),
        h('p', { class: 'date-an-intervention-card-tagline' }, card.tagline),
        h('div', { class: 'date-an-intervention-card-foot' }, categoryChip(card.category, names),
          h('a', { class: 'date-an-intervention-card-more', href: profileHref(card.id), dataset: { testid: 'dai-card-profile' },
            'aria-label': `${card.name}: full profile` }, 'Profile'))));
    paintGradient(node, card);
    node.setAttribute('aria-label', `${card.name}. ${card.age}. ${card.tagline}`);
    node.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target === node && isTop(node)) {
        e.preventDefault();
        onOpen(card);
      }
    });
    attachDrag(node, card);
    return node;
  }

  const isTop = (node) => node.dataset.depth === '0' && !node.classList.contains('date-an-intervention-card-leaving');

  function attachDrag(node, card) {
    let drag = null;
    const setStamps = (like, nope, up) => {
      node.style.setProperty('--date-an-intervention-like', like);
      node.style.setProperty('--date-an-intervention-nope', nope);
      node.style.setProperty('--date-an-intervention-super', up);
    };
    node.addEventListener('pointerdown', (e) => {
      if (drag || !isTop(node) || (e.pointerType === 'mouse' && e.button !== 0)) return;
      if (e.target.closest('a, button')) return; // the Profile link stays a link
      drag = { id: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false,
        samples: [{ t: e.timeStamp, x: e.clientX, y: e.clientY }] };
      node.setPointerCapture?.(e.pointerId);
      node.classList.add('date-an-intervention-dragging');
    });
    node.addEventListener('pointermove', (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      drag.dx = e.clientX - drag.x0;
      drag.dy = e.clientY - drag.y0;
      drag.moved ||= Math.hypot(drag.dx, drag.dy) > TAP_SLOP;
      drag.samples.push({ t: e.timeStamp, x: e.clientX, y: e.clientY });
      while (drag.samples.length > 2 && e.timeStamp - drag.samples[0].t > 100) drag.samples.shift();
      const reach = node.offsetWidth * THRESHOLD || 1;
      node.style.transform = `translate(${drag.dx}px, ${drag.dy * VERTICAL_FOLLOW}px) rotate(${tilt(drag.dx, node)}deg)`;
      // The stamp shows only what letting go now would do.
      const sideways = Math.abs(drag.dx) > Math.abs(drag.dy);
      setStamps(sideways ? clamp01(drag.dx / reach) : 0, sideways ? clamp01(-drag.dx / reach) : 0, 0);
    });
    const finish = (e, cancelled) => {
      if (!drag || e.pointerId !== drag.id) return;
      const ended = drag;
      drag = null;
      node.classList.remove('date-an-intervention-dragging');
      if (!ended.moved && !cancelled) { springBack(); onOpen(card); return; }
      // Speed over the last 100 ms up to the release: a drag that stopped before letting go is no flick.
      ended.samples.push({ t: e.timeStamp, x: e.clientX, y: e.clientY });
      while (ended.samples.length > 2 && e.timeStamp - ended.samples[0].t > 100) ended.samples.shift();
      const first = ended.samples[0];
      const last = ended.samples[ended.samples.length - 1];
      const dt = Math.max(1, last.t - first.t);
      // A cancelled pointer is usually the browser taking a vertical touch move for a scroll.
      const direction = cancelled ? null : decide({ dx: ended.dx, dy: ended.dy, vx: (last.x - first.x) / dt },
        node.offsetWidth);
      if (direction) leave(node, card, direction, { dx: ended.dx, dy: ended.dy * VERTICAL_FOLLOW });
      else springBack();
    };
    function springBack() {
      node.style.transform = '';
      setStamps(0, 0, 0);
    }
    node.addEventListener('pointerup', (e) => finish(e, false));
    node.addEventListener('pointercancel', (e) => finish(e, true));
    node.addEventListener('lostpointercapture', (e) => finish(e, true));
  }

  const tilt = (dx, node) => Math.max(-20, Math.min(20, (dx / (node.offsetWidth || 1)) * 18));

  /** Fly the card off towards `direction` from where the drag left it, then report the swipe. */
  function leave(node, card, direction, from = { dx: 0, dy: 0 }) {
    const hadFocus = node.contains(document.activeElement);
    shown.delete(card.id);
    order = order.filter((id) => id !== card.id);
    node.classList.add('date-an-intervention-card-leaving');
    node.removeAttribute('data-testid');
    node.removeAttribute('tabindex');
    node.setAttribute('aria-hidden', 'true');
    node.inert = true;
    node.style.setProperty(`--date-an-intervention-${{ like: 'like', pass: 'nope', superlike: 'super' }[direction]}`, 1);
    if (reducedMotion()) {
      node.remove();
    } else {
      const x = direction === 'like' ? window.innerWidth * 1.3 : direction === 'pass' ? -window.innerWidth * 1.3 : from.dx;
      const y = direction === 'superlike' ? -window.innerHeight : from.dy;
      // Next frame, so a card that never moved (button, key) still transitions from rest.
      requestAnimationFrame(() => {
        node.style.transform = `translate(${x}px, ${y}px) rotate(${tilt(x, node)}deg)`;
      });
      const done = () => node.remove();
      node.addEventListener('transitionend', done, { once: true });
      setTimeout(done, FLY_MS + 200); // in case no transition ends (hidden tab)
    }
    onSwipe(card, direction);
    if (hadFocus) focusTop();
  }

  function focusTop() {
    const id = order[0];
    shown.get(id)?.el.focus({ preventScroll: true });
  }

  return {
    el,
    /** Draw these cards (top first); cards already on screen keep their element. */
    show(cards) {
      const next = cards.slice(0, SHOWN);
      const keep = new Set(next.map((c) => c.id));
      for (const [id, entry] of shown) {
        if (!keep.has(id)) { entry.el.remove(); shown.delete(id); }
      }
      order = next.map((c) => c.id);
      next.forEach((card, depth) => {
        let entry = shown.get(card.id);
        // Cards on screen are never moved in the DOM (that would drop a drag's pointer
        // capture); the CSS stacks them by data-depth instead.
        if (!entry) { entry = { card, el: cardEl(card) }; shown.set(card.id, entry); el.append(entry.el); }
        entry.el.dataset.depth = String(depth);
        if (depth === 0) {
          entry.el.dataset.testid = 'dai-card';
          entry.el.tabIndex = 0;
          entry.el.removeAttribute('aria-hidden');
          entry.el.inert = false;
        } else {
          // Only the top card is real to keyboards and screen readers; the rest is scenery.
          entry.el.dataset.testid = 'dai-card-next';
          entry.el.removeAttribute('tabindex');
          entry.el.setAttribute('aria-hidden', 'true');
          entry.el.inert = true;
        }
      });
    },
    /** Swipe the top card without a drag (buttons, keys). Returns false when there is none. */
    fly(direction) {
      const entry = shown.get(order[0]);
      if (!entry) return false;
      leave(entry.el, entry.card, direction);
      return true;
    },
    focusTop,
  };
}
