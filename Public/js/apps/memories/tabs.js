// Dresses the app frame's tab bar the Memories way: the unread badge on Activity. The frame stays
// the one place that decides what a tab is; this only adds the count.
import { h } from '../../dom.js';
import { watchUnread } from './unread.js';

/** Decorates the tab bar inside `main`; returns the cleanup (stops following the unread count). */
export function decorateTabs(main) {
  const activity = main.querySelector(':scope > nav.app-tabs [data-testid="memories-tab-activity"]');
  if (!activity) return () => {};
  const badge = h('span', { class: 'memories-badge', 'aria-hidden': 'true', hidden: true, dataset: { testid: 'memories-activity-badge' } });
  const spoken = h('span', { class: 'sr-only' });
  activity.append(badge, spoken);
  return watchUnread((count) => {
    badge.hidden = count === 0;
    badge.textContent = count > 99 ? '99+' : String(count);
    badge.dataset.count = String(count);
    spoken.textContent = count ? ` (${count} new)` : '';
  });
}
