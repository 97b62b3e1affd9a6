// A face for a contact, a person or a profile: the photo when there is one (and it loads), else
// initials. Decorative: the name is always shown beside it.
import { h } from '../../dom.js';
import { initialsOf } from './words.js';

/** rinAvatar({ name, photo }, { size: 'sm' | 'md' | 'lg' }) */
export function rinAvatar({ name, photo }, { size = 'md' } = {}) {
  const fallback = h('span', { class: `avatar avatar-${size} avatar-initials rin-avatar`, 'aria-hidden': 'true' }, initialsOf(name));
  if (!photo?.url) return fallback;
  const img = h('img', { class: `avatar avatar-${size} rin-avatar`, src: photo.url, alt: '', decoding: 'async' });
  img.addEventListener('error', () => img.replaceWith(fallback), { once: true });
  return img;
}
