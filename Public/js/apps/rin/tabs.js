// Dresses the app frame's tab bar the Rin way: on the Profile tab, how many asks wait for my
// answer (its inbox is there). The frame stays the one place that decides what a tab is.
import { h } from '../../dom.js';
import { watchAsks } from './asks-count.js';

/** Decorates the tab bar inside `main`; returns the cleanup (stops following the count). */
export function decorateTabs(main) {
  const tab = main.querySelector(':scope > nav.app-tabs [data-testid="rin-tab-profile"]');
  if (!tab) return () => {};
  const badge = h('span', { class: 'rin-tab-badge', 'aria-hidden': 'true', hidden: true, dataset: { testid: 'rin-asks-badge' } });
  const spoken = h('span', { class: 'sr-only' });
  tab.append(badge, spoken);
  return watchAsks((count) => {
    badge.hidden = count === 0;
    badge.textContent = count > 99 ? '99+' : String(count);
    badge.dataset.count = String(count);
    spoken.textContent = count ? ` (${count} ${count === 1 ? 'ask waits' : 'asks wait'})` : '';
  });
}
