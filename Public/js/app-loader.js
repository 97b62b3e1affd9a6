// Brings the live apps of the registry (apps.js) into the shell, so the shell never names one.
// An app's module exports:
// - routes: { '/<id>/…': { render(root, ctx) -> cleanup?, title, auth?, guest? } }, like the
//   shell's own (main.js), each path under `/<id>` so no app can take another's or the shell's;
// - boot(): optional, run once before the router starts (e.g. turning a /c/<code> link into a route).
import { APPS } from './apps.js';

/**
 * Imports every live app's module and links its stylesheet, all at once. Resolves to
 * { routes, failed }: every loaded app's routes, and the apps that could not be loaded (the shell
 * and the other apps still work without them).
 */
export async function loadApps() {
  const live = APPS.filter((app) => app.live);
  const results = await Promise.allSettled(live.map(loadApp));
  const routes = {};
  const failed = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      Object.assign(routes, result.value);
    } else {
      console.error(`${live[i].name} could not be loaded:`, result.reason);
      failed.push(live[i]);
    }
  });
  return { routes, failed };
}

async function loadApp(app) {
  // The stylesheet is waited for too, so the app's first screen never shows unstyled.
  const [module] = await Promise.all([import(app.module), linkStylesheet(app)]);
  const routes = ownRoutes(app, module.routes);
  module.boot?.();
  return routes;
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
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = app.stylesheet;
    link.dataset.app = app.id;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', () => reject(new Error(`${app.stylesheet} did not load`)), { once: true });
    document.head.append(link);
  });
}
