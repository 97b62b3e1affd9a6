// The frame every app's screens sit in: the app's name, its tab bar, then the screen. One
// implementation, so every app's tabs look and behave the same (styles: kindred.css "app frame").
import { h } from './dom.js';

/**
 * createAppFrame({ id, name, tabs, enter }) -> frame(screen, options), a route's render function.
 * - tabs: [{ id, label, route, testid }]; route is the tab's path ('/garden/beds').
 * - enter(main): optional, runs whenever one of the app's screens is shown; returns its cleanup.
 * frame options:
 * - tab: the tab whose own page this is (aria-current="page");
 * - inside: the tab whose section this page belongs to (a chat, inside Matches: aria-current="true");
 * - heading: the page's <h1>, when the screen doesn't write its own;
 * - tabBar: false for a screen outside the tabs (one a shared link opens, even signed out);
 * - classes: extra classes on <main> while the screen shows.
 * A screen is a module with render(root, ctx) -> cleanup?; it must append its <h1> (or have the
 * frame's) synchronously, because the shell focuses it right after render.
 */
export function createAppFrame({ id, name, tabs, enter }) {
  /**
   * Tabs are plain links (hash routes), not an ARIA tablist: each one is a page with its own URL
   * and history entry, so aria-current is the honest semantics and Tab/Enter work with no extra
   * key handling.
   */
  function tabBar(current, inside) {
    return h('nav', { class: 'app-tabs', 'aria-label': name },
      h('ul', {}, tabs.map((tab) => h('li', {},
        h('a', {
          href: `#${tab.route}`, class: 'app-tab', dataset: { testid: tab.testid },
          'aria-current': tab.id === current ? 'page' : tab.id === inside ? 'true' : null,
        }, tab.label)))));
  }

  return (screen, { tab = null, inside = null, heading = null, tabBar: withTabs = true, classes = [] } = {}) =>
    (root, ctx) => {
      // The app's id as a class scopes its stylesheet to its own screens.
      const all = [id, ...classes];
      root.classList.add(...all);
      const leave = enter?.(root);
      const body = h('div', { class: 'app-screen' });
      const parts = [
        h('p', { class: 'app-name' }, name),
        withTabs ? tabBar(tab, inside) : null,
        heading ? h('h1', { tabindex: '-1' }, heading) : null,
        body,
      ];
      root.append(...parts.filter(Boolean)); // native append would print null as text
      const cleanup = screen.render(body, ctx);
      // main.js reuses <main> for every page: leave it as we found it.
      return () => { root.classList.remove(...all); leave?.(); cleanup?.(); };
    };
}
