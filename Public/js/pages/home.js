// Home: the five apps as tiles, plus sign-in / sign-up calls to action when signed out.
import { h, s } from '../dom.js';
import { APPS } from '../apps.js';

export function render(root, { session }) {
  const parts = [
    h('h1', { tabindex: '-1' }, session ? 'Your apps' : 'Kindred'),
    session ? null : h('p', { class: 'lead' },
      'Five small apps for the people in your life, with one account for all of them.'),
    session ? null : h('div', { class: 'actions' },
      h('a', { class: 'btn btn-primary', href: '#/sign-up', dataset: { testid: 'home-signup' } }, 'Create account'),
      h('a', { class: 'btn', href: '#/sign-in', dataset: { testid: 'home-signin' } }, 'Sign in')),
    h('h2', { class: session ? 'sr-only' : 'section-title' }, 'The apps'),
    h('ul', { class: 'tiles', dataset: { testid: 'home-tiles' } }, APPS.map(tile)),
  ];
  root.append(...parts.filter(Boolean)); // native append would print null as text
}

function tile(app) {
  const glyph = s('svg', {
    class: 'tile-glyph', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false',
    fill: 'none', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
  }, app.glyph.map(([tag, attrs]) => s(tag, attrs)));
  const body = [
    tinted(h('span', { class: 'tile-icon', dataset: { app: app.id } }, glyph), app.tint),
    h('span', { class: 'tile-text' },
      h('h3', { class: 'tile-name', dataset: { testid: 'tile-name' } }, app.name),
      h('span', { class: 'tile-desc' }, app.description)),
    app.live ? null : h('span', { class: 'badge' }, 'Coming soon'),
  ];
  // Not-yet-live apps stay in the list (people see what's coming) but aren't links:
  // no href means not focusable and not clickable; aria-disabled says why to screen readers.
  const el = app.live
    ? h('a', { class: 'tile', href: `#/${app.id}` }, body)
    : h('a', { class: 'tile', role: 'link', 'aria-disabled': 'true' }, body);
  return h('li', { dataset: { testid: 'app-tile', app: app.id, live: String(app.live) } }, el);
}

/** The app's colour on its tile. Set through the CSSOM, which the CSP allows (a style attribute it does not). */
function tinted(icon, tint) {
  if (!tint) return icon;
  icon.style.setProperty('--tile-tint', tint);
  icon.dataset.tinted = '';
  return icon;
}
