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

/** Calls render(route) now and on every hash change. */
export function startRouter(render) {
  window.addEventListener('hashchange', () => render(currentRoute()));
  render(currentRoute());
}
