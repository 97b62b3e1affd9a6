// A tiny hash router: "#/profile?x=1" -> { path: '/profile', query: URLSearchParams }.
// Hash routes need no server rewrites, so the static Public/ folder is all it takes.

export function currentRoute() {
  const raw = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = raw.split('?');
  return { path: path || '/', query: new URLSearchParams(query) };
}

/** Go to a route; re-renders even when the hash is already there (e.g. after a message). */
export function navigate(target, { replace = false } = {}) {
  const hash = `#${target}`;
  if (location.hash === hash) {
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else if (replace) {
    history.replaceState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    location.hash = hash;
  }
}

/**
 * The route definition for a path: an exact key of `routes`, else a key with ":name" segments
 * ("/garden/bed/:id"), whose values come back decoded in `params`.
 * Returns { def, params } or null.
 */
export function matchRoute(routes, path) {
  if (Object.hasOwn(routes, path)) return { def: routes[path], params: {} };
  const parts = path.split('/');
  for (const [pattern, def] of Object.entries(routes)) {
    const keys = pattern.split('/');
    if (!pattern.includes('/:') || keys.length !== parts.length) continue;
    const params = {};
    const fits = keys.every((key, i) => {
      if (!key.startsWith(':')) return key === parts[i];
      try { params[key.slice(1)] = decodeURIComponent(parts[i]); } catch { return false; } // malformed %-escape
      return params[key.slice(1)] !== '';
    });
    if (fits) return { def, params };
  }
  return null;
}

/** Calls render(route) now and on every hash change. */
export function startRouter(render) {
  window.addEventListener('hashchange', () => render(currentRoute()));
  render(currentRoute());
}
