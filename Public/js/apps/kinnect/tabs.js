// Dresses the app frame's tab bar (app-frame.js builds it from plain labels) the Kinnect way: an
// icon over each label, and the unread badge on Activity. The frame stays the one place that
// decides what a tab is; this only adds looks, so every app's tabs still behave the same.
import { h } from '../../dom.js';
import { icon } from './icons.js';
import { watchUnread } from './unread.js';

const ICONS = { 'kinnect-tab-feed': 'home', 'kinnect-tab-search': 'search', 'kinnect-tab-new': 'add',
  'kinnect-tab-activity': 'heart', 'kinnect-tab-profile': 'person' };

/** Decorates the tab bar inside `main`; returns the cleanup (stops following the unread count). */
export function decorateTabs(main) {
  const nav = main.querySelector(':scope > nav.app-tabs');
  if (!nav) return () => {};
  for (const link of nav.querySelectorAll('a.app-tab')) {
    const name = ICONS[link.dataset.testid];
    if (!name) continue;
    const label = h('span', { class: 'kinnect-tab-label' }, link.textContent);
    const current = link.getAttribute('aria-current') === 'page';
    // Shapes fill in on the current tab; a plus or a lens can't be filled, so they get bolder.
    const fillable = ['home', 'heart', 'person'].includes(name);
    link.replaceChildren(icon(name, { filled: current && fillable, className: current && !fillable ? 'kinnect-icon-bold' : '' }), label);
  }
  const activity = nav.querySelector('[data-testid="kinnect-tab-activity"]');
  if (!activity) return () => {};
  const badge = h('span', { class: 'kinnect-badge', 'aria-hidden': 'true', hidden: true, dataset: { testid: 'kinnect-activity-badge' } });
  const spoken = h('span', { class: 'sr-only' });
  activity.append(badge, spoken);
  return watchUnread((count) => {
    badge.hidden = count === 0;
    badge.textContent = count > 99 ? '99+' : String(count);
    badge.dataset.count = String(count);
    spoken.textContent = count ? ` (${count} new)` : '';
  });
}
