// Pull to refresh on a touch screen: at the very top of the page, dragging down far enough and
// letting go calls refresh(). The page's own scrolling is never blocked (passive listeners); the
// Refresh button does the same for everyone else.
import { h } from '../../dom.js';
import { icon } from './icons.js';

const PULL_PX = 72;

/** Watches touches on `root`; returns the cleanup. */
export function pullToRefresh(root, refresh) {
  const marker = h('div', { class: 'kinnect-pull', 'aria-hidden': 'true' }, icon('refresh'));
  root.prepend(marker);
  let startY = null;
  let pulled = 0;

  const start = (event) => {
    startY = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0].clientY : null;
    pulled = 0;
  };
  const move = (event) => {
    if (startY == null) return;
    pulled = Math.max(0, event.touches[0].clientY - startY);
    marker.style.setProperty('--kinnect-pull', String(Math.min(1, pulled / PULL_PX)));
    marker.classList.toggle('kinnect-pull-on', pulled > 8);
    marker.classList.toggle('kinnect-pull-ready', pulled >= PULL_PX);
  };
  const end = () => {
    if (startY != null && pulled >= PULL_PX && window.scrollY <= 0) refresh();
    startY = null;
    marker.classList.remove('kinnect-pull-on', 'kinnect-pull-ready');
  };
  root.addEventListener('touchstart', start, { passive: true });
  root.addEventListener('touchmove', move, { passive: true });
  root.addEventListener('touchend', end);
  root.addEventListener('touchcancel', end);
  return () => marker.remove();
}
