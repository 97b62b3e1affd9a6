// Brings the live apps of the registry (apps.js) into the shell when they are first needed, so the
// shell never names one and its first screen waits for none of them.
// An app's module exports:
// - routes: { '/<id>/…': { render(root, ctx) -> cleanup?, title, auth?, guest? } }, like the
//   shell's own (main.js), each path under `/<id>` so no app can take another's or the shell's;
// - boot(): optional, run once when the app is loaded (e.g. turning a /c/<code> link into a route).
//   An app whose links open the page (apps.js `opens`) is loaded before the router starts.
import { APPS } from './apps.js';

const loads = new Map(); // app id -> the promise of its routes, while loading or once loaded
const loaded = new Map(); // app id -> its routes, once loaded
// Each app's modules, as the server lists them in the page (WebClientFiles): named for
// preloading as the app is opened, they arrive at once instead of a level of imports at a time.
const modules = readModules();

function readModules() {
  try {
    return JSON.parse(document.getElementById('app-modules')?.textContent || '{}');
  } catch {
    return {}; // a page without the list (a proxy that rewrote it) still loads, level by level
  }
}

function preloadModules(app) {
  for (const href of modules[app.id] || []) {
    if (document.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  }
}

/** The live app a route belongs to (`/<id>` or under it), or null for the shell's own. */
export function appOf(path) {
  return APPS.find((app) => app.live && (path === `/${app.id}` || path.startsWith(`/${app.id}/`))) || null;
}

/** The routes of an app already loaded, or undefined. */
export function loadedRoutes(app) {
  return loaded.get(app.id);
}

/** The live apps whose links (apps.js `opens`) the page was opened at, e.g. `/c/<code>`. */
export function appsOpenedBy(pathname) {
  return APPS.filter((app) => app.live && (app.opens || []).some((prefix) => pathname.startsWith(prefix)));
}

/**
 * Imports an app's module and links its stylesheet, once; resolves to its routes. A failure is
 * forgotten, so the next visit to the app tries again (a stylesheet that failed may arrive then;
 * a module that failed stays failed until the page is reloaded).
 */
export function loadApp(app) {
  if (!loads.has(app.id)) {
    preloadModules(app);
    // The stylesheet is waited for too, so the app's first screen never shows unstyled.
    const load = Promise.all([import(app.module), linkStylesheet(app)]).then(([module]) => {
      const routes = ownRoutes(app, module.routes);
      module.boot?.();
      loaded.set(app.id, routes);
      return routes;
    });
    load.catch(() => loads.delete(app.id));
    loads.set(app.id, load);
  }
  return loads.get(app.id);
}

/**
 * Once the first screen is up, the other live apps are fetched while the browser is idle, so
 * opening one later does not wait on the network. On a repeat visit they come from the cache.
 */
export function prefetchApps() {
  const idle = window.requestIdleCallback || ((work) => setTimeout(work, 500));
  idle(() => {
    for (const app of APPS.filter((candidate) => candidate.live)) loadApp(app).catch(() => {}); // tried again on a visit
  });
}

function ownRoutes(app, routes) {
  const base = `/${app.id}`;
  const outside = Object.keys(routes || {}).filter((path) => path !== base && !path.startsWith(`${base}/`));
  if (!routes || outside.length) throw new Error(`${app.module} must export routes, all under ${base}`);
  return routes;
}

/** A <link rel="stylesheet"> in <head>; resolves once it is loaded. The CSP's style-src 'self' allows it. */
function linkStylesheet(app) {
  return new Promise((resolve, reject) => {
    document.head.querySelector(`link[data-app="${app.id}"]`)?.remove(); // one that failed before
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = app.stylesheet;
    link.dataset.app = app.id;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', () => reject(new Error(`${app.stylesheet} did not load`)), { once: true });
    document.head.append(link);
  });
}
