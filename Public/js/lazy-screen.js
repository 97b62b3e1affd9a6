// A screen whose module is imported the first time it is shown, for an app too large to bring
// every screen before its first one is drawn: the app's entry then names only the loaders, and a
// screen's modules arrive when it is opened (or while the browser is idle, `prefetchWhenIdle`).
//
// The shell focuses the page's <h1> right after render (app-frame.js), so a screen not yet loaded
// draws its title as a placeholder <h1> and a "Loading…" line at once; when the module arrives,
// the screen draws itself in their place, keeping what the shell put beside them (a flash) and
// the focus. Once loaded, a screen renders as any other, synchronously.
import { h } from './dom.js';

/**
 * lazyScreen(load, title, pick?) -> a screen ({ render(root, ctx) -> cleanup }).
 * - load: () => import('./x.js');
 * - title: the placeholder heading while the module arrives;
 * - pick: the screen in the module (the module itself unless given: one that exports render).
 * A module that fails to arrive is said so on the screen, with Reload; the next visit tries again.
 */
export function lazyScreen(load, title, pick = (module) => module) {
  let ready = null; // the screen, once its module is here
  let loading = null;
  const get = () => {
    loading ??= load().then((module) => {
      ready = pick(module);
      return ready;
    }, (err) => {
      loading = null;
      throw err;
    });
    return loading;
  };
  return {
    prefetch: () => get().catch(() => {}), // a failure is shown when the screen is opened
    render(root, ctx) {
      if (ready) return ready.render(root, ctx);
      const heading = h('h1', { tabindex: '-1', dataset: { placeholder: '' } }, title);
      const waiting = h('p', { class: 'muted', role: 'status', dataset: { testid: 'screen-loading' } }, 'Loading…');
      root.append(heading, waiting);
      let cleanup = null;
      let left = false;
      get().then((screen) => {
        if (left) return;
        const focused = document.activeElement === heading;
        const beside = [...root.children].filter((el) => el !== heading && el !== waiting);
        root.replaceChildren();
        cleanup = screen.render(root, ctx) || null;
        const own = root.querySelector('h1');
        if (beside.length) {
          if (own) own.after(...beside); else root.prepend(...beside);
        }
        if (focused) own?.focus({ preventScroll: false });
      }, (err) => {
        if (left) return;
        console.error(`${title} could not be loaded:`, err);
        waiting.replaceWith(
          h('p', { class: 'notice notice-warning', role: 'alert', dataset: { testid: 'screen-unavailable' } },
            `${title} could not be loaded. Check your connection and reload the page.`),
          h('button', { type: 'button', class: 'btn', dataset: { testid: 'screen-reload' }, onclick: () => location.reload() },
            'Reload'));
      });
      return () => {
        left = true;
        cleanup?.();
      };
    },
  };
}

/** Imports every screen's module once the browser is idle, so opening one later waits for nothing. */
export function prefetchWhenIdle(screens) {
  const idle = window.requestIdleCallback || ((work) => setTimeout(work, 500));
  idle(() => {
    for (const screen of screens) screen.prefetch();
  });
}
