// A post's photos and videos, side by side in a scroll-snapping strip: a finger swipes it
// natively (momentum and all), arrows and the keyboard's ← → step through it, dots say where you
// are. Double-tap (or double-click) is reported to the post, which likes it; a swipe is never
// mistaken for a tap.
import { h } from '../../dom.js';
import * as client from './client.js';
import { icon } from './icons.js';

const DOUBLE_TAP_MS = 320;
const TAP_SLOP_PX = 12; // a finger that moved more than this was swiping or scrolling, not tapping

/** Instagram's bounds: nothing taller than 4:5 or wider than 1.91:1 takes the whole screen. */
function ratioOf(media) {
  const ratio = media?.width && media?.height ? media.width / media.height : 1;
  return Math.min(1.91, Math.max(0.8, ratio));
}

function slide(item, index, count, who) {
  const { display, thumbnail } = item;
  const label = `${client.isVideo(display) ? 'Video' : 'Photo'} ${index + 1} of ${count} by ${who}`;
  const media = client.isVideo(display)
    ? h('video', { class: 'kinnect-media', src: display.url, poster: thumbnail?.url, controls: true, playsinline: true,
      preload: 'metadata', 'aria-label': label, dataset: { testid: 'kinnect-video' } })
    : h('img', { class: 'kinnect-media', src: display.url, alt: label, loading: 'lazy', decoding: 'async',
      draggable: 'false', dataset: { testid: 'kinnect-photo' } });
  return h('li', { class: 'kinnect-slide', 'aria-roledescription': 'slide', 'aria-label': `${index + 1} of ${count}` }, media);
}

/** post: a KinnectPost; onDoubleTap(): the viewer double-tapped the media. Returns { el, burst() }. */
export function createCarousel(post, { onDoubleTap } = {}) {
  const items = post.media || [];
  const count = items.length;
  const who = post.author.displayName || post.author.username;
  const videos = items.filter((item) => client.isVideo(item.display)).length;
  const noun = !videos ? 'photos' : videos === count ? 'videos' : 'photos and videos';
  const track = h('ul', { class: 'kinnect-track', dataset: { testid: 'kinnect-track' } },
    items.map((item, i) => slide(item, i, count, who)));
  const el = h('div', {
    class: 'kinnect-carousel', role: 'region', 'aria-roledescription': 'carousel',
    'aria-label': count > 1 ? `${count} ${noun} by ${who}` : `Post by ${who}`,
    dataset: { testid: 'kinnect-carousel', count: String(count) },
  }, track);
  // The box takes the first item's proportions, as every item of the post is shown in it.
  el.style.setProperty('--kinnect-ratio', String(ratioOf(items[0]?.display)));

  let index = 0;
  const dots = count > 1 ? items.map(() => h('span', { class: 'kinnect-dot' })) : [];
  const counter = h('span', { class: 'kinnect-counter', 'aria-hidden': 'true', hidden: count < 2 });
  const prev = h('button', { type: 'button', class: 'kinnect-arrow kinnect-arrow-prev', 'aria-label': 'Previous',
    dataset: { testid: 'kinnect-prev' } }, icon('prev'));
  const next = h('button', { type: 'button', class: 'kinnect-arrow kinnect-arrow-next', 'aria-label': 'Next',
    dataset: { testid: 'kinnect-next' } }, icon('next'));
  if (count > 1) {
    track.tabIndex = 0; // the strip is the one stop for the keyboard; ← → move within it
    track.setAttribute('aria-label', 'Use the left and right arrow keys to see more');
    el.append(prev, next, counter, h('div', { class: 'kinnect-dots', 'aria-hidden': 'true', dataset: { testid: 'kinnect-dots' } }, dots));
  }

  /** The slide after the one shown loads now, so a swipe never lands on a blank. */
  function preloadAfter(i) {
    const img = track.children[i + 1]?.querySelector('img');
    if (img && img.loading === 'lazy') img.loading = 'eager';
  }
  track.querySelector('img')?.addEventListener('load', () => preloadAfter(0), { once: true });

  function show(i) {
    index = i;
    if (i > 0) preloadAfter(i);
    dots.forEach((dot, k) => dot.classList.toggle('kinnect-dot-on', k === i));
    counter.textContent = `${i + 1}/${count}`;
    prev.hidden = i === 0;
    next.hidden = i >= count - 1;
    el.dataset.index = String(i);
    // A video scrolled away stops talking.
    [...track.children].forEach((li, k) => { if (k !== i) li.querySelector('video')?.pause(); });
  }

  // While an arrow's smooth scroll runs, the positions it passes through aren't where we're going.
  let heading = null;
  function goTo(i) {
    const target = Math.max(0, Math.min(count - 1, i));
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading = target;
    track.scrollTo({ left: target * track.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
    show(target);
  }

  let frame = 0;
  track.addEventListener('scroll', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const i = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
      if (heading !== null) {
        if (i === heading) heading = null;
        return;
      }
      if (i !== index && i >= 0 && i < count) show(i);
    });
  }, { passive: true });
  track.addEventListener('scrollend', () => { heading = null; }); // arrived, or a finger took over
  prev.addEventListener('click', () => goTo(index - 1));
  next.addEventListener('click', () => goTo(index + 1));
  track.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    goTo(index + (event.key === 'ArrowRight' ? 1 : -1));
  });

  // Double-tap: mouse gets dblclick; touch is timed here, because a phone's own double-tap
  // is a zoom gesture (turned off by touch-action: manipulation) and sends no dblclick.
  let lastTouchLike = 0;
  let down = null;
  let lastTap = null;
  track.addEventListener('pointerdown', (event) => { down = { x: event.clientX, y: event.clientY }; });
  track.addEventListener('pointerup', (event) => {
    if (event.pointerType !== 'touch' || !down) return;
    const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y) > TAP_SLOP_PX;
    down = null;
    if (moved) { lastTap = null; return; }
    const now = event.timeStamp;
    if (lastTap && now - lastTap.at < DOUBLE_TAP_MS && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 40) {
      lastTap = null;
      lastTouchLike = Date.now();
      onDoubleTap?.();
    } else {
      lastTap = { at: now, x: event.clientX, y: event.clientY };
    }
  });
  track.addEventListener('dblclick', (event) => {
    event.preventDefault();
    if (Date.now() - lastTouchLike < 600) return; // the same double-tap, already counted
    window.getSelection?.()?.removeAllRanges();
    onDoubleTap?.();
  });

  const heart = h('span', { class: 'kinnect-burst', 'aria-hidden': 'true' }, icon('heart', { filled: true }));
  el.append(heart);
  /** The big heart that pops over the media after a double-tap. */
  function burst() {
    heart.classList.remove('kinnect-burst-on');
    void heart.offsetWidth; // restart the animation on a second double-tap
    heart.classList.add('kinnect-burst-on');
  }
  heart.addEventListener('animationend', () => heart.classList.remove('kinnect-burst-on'));

  show(0);
  return { el, burst, get index() { return index; } };
}
