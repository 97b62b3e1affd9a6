// Small UI pieces used by more than one page.
import { h } from './dom.js';

/** "Ada Lovelace" -> "AL", "ada" -> "A": shown when someone has no photo. */
export function initials(profile) {
  const name = (profile?.displayName || profile?.username || '?').trim();
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : [...name][0];
  return (letters || '?').toUpperCase();
}

/**
 * The profile photo, or initials when there is none (or it fails to load, e.g. an
 * expired signed URL). Decorative by default: the name is always shown beside it.
 */
export function avatar(profile, { size = 'md', testid, alt = '' } = {}) {
  const fallback = h('span', { class: `avatar avatar-${size} avatar-initials`, 'aria-hidden': 'true' }, initials(profile));
  const url = profile?.avatar?.url;
  if (!url) return fallback;
  const img = h('img', { class: `avatar avatar-${size}`, src: url, alt, dataset: { testid }, decoding: 'async' });
  img.addEventListener('error', () => img.replaceWith(fallback), { once: true });
  return img;
}
