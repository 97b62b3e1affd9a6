// The Kindred web shell: restores the session, draws the header, routes between pages
// and turns session changes (sign-out, revocation, deletion) into the right screen + message.
import { currentSession, onSessionChange, restoreSession } from './api.js';
import { connectRealtime, onStatus } from './realtime.js';
import { matchRoute, navigate, startRouter } from './router.js';
import { h } from './dom.js';
import { createHeader } from './header.js';
import * as home from './pages/home.js';
import * as auth from './pages/auth.js';
import * as profile from './pages/profile.js';
import * as sessions from './pages/sessions.js';
import * as account from './pages/account.js';
import { IE_ROUTES, captureConnectLink } from './apps/innovation-engine/index.js';
import { DAI_ROUTES } from './apps/date-an-intervention/index.js';

// guest: only when signed out (signed-in people go home); auth: only when signed in.
const ROUTES = {
  '/': { render: home.render, title: 'Home' },
  '/sign-in': { render: auth.renderSignIn, title: 'Sign in', guest: true },
  '/sign-up': { render: auth.renderSignUp, title: 'Create account', guest: true },
  '/profile': { render: profile.render, title: 'Profile', auth: true },
  '/sessions': { render: sessions.render, title: 'Sessions', auth: true },
  '/account': { render: account.render, title: 'Account', auth: true },
  ...IE_ROUTES,
  ...DAI_ROUTES,
};
const NOT_FOUND = {
  title: 'Not found',
  render: (root) => root.append(h('h1', { tabindex: '-1' }, 'Page not found'),
    h('p', {}, h('a', { href: '#/' }, 'Go to the home page'))),
};

const main = document.getElementById('app');
const header = createHeader(document.getElementById('site-header'));
let cleanup = null;
let pending = null; // one-shot message for the next page, e.g. "Your account was deleted."
let firstRender = true;
let path = '/';

/** Queue a message shown under the next page's heading. kind: info | success | warning. */
function flash(message, kind = 'info') {
  pending = { message, kind };
}

function renderPage(route) {
  const match = matchRoute(ROUTES, route.path);
  const def = match?.def || NOT_FOUND;
  const session = currentSession();
  if (def.auth && !session) {
    flash('Please sign in to continue.');
    const query = route.query.toString();
    const next = query ? `${route.path}?${query}` : route.path; // e.g. which two to compare
    return navigate(`/sign-in?next=${encodeURIComponent(next)}`, { replace: true });
  }
  if (def.guest && session) return navigate('/', { replace: true });

  cleanup?.();
  cleanup = null;
  path = route.path;
  main.replaceChildren();
  document.title = def.title === 'Home' ? 'Kindred' : `${def.title} · Kindred`;
  cleanup = def.render(main, { session, navigate, flash, query: route.query, params: match?.params || {} }) || null;

  if (pending) {
    const { message, kind } = pending;
    pending = null;
    const note = h('p', { class: `notice notice-${kind}`, role: 'status', dataset: { testid: 'flash' } }, message);
    const h1 = main.querySelector('h1');
    if (h1) h1.after(note); else main.prepend(note);
  }
  renderHeader();
  // Move focus to the new heading so screen readers announce the page; not on first load,
  // where the browser's own focus handling is what people expect.
  if (!firstRender) main.querySelector('h1')?.focus({ preventScroll: false });
  firstRender = false;
}

function renderHeader() {
  header.render(path);
}

// Session changes that didn't come from a page's own navigation decide the next screen.
onSessionChange((session, reason) => {
  if (firstRender) return; // still booting
  if (reason === 'signed-out') {
    flash('You’re signed out.');
    navigate('/');
  } else if (reason === 'revoked') {
    flash('You were signed out because this session was revoked.', 'warning');
    navigate('/sign-in');
  } else if (reason === 'expired') {
    flash('Your session has ended. Please sign in again.', 'warning');
    navigate(`/sign-in?next=${encodeURIComponent(path)}`);
  } else if (reason === 'deleted') {
    flash('Your account was deleted.', 'success');
    navigate('/');
  } else {
    renderHeader(); // signed-in pages navigate themselves; refreshed / me-updated just redraw
  }
});

onStatus((status) => header.setLiveStatus(status));

// The skip link targets #app, which a hash router would read as a route: handle it here.
document.querySelector('.skip-link')?.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});

async function boot() {
  // A phone camera opened <server>/c/<id>: keep the code and move to the hash route first,
  // so the router (and any sign-in detour) only ever sees "#/innovation-engine/connect".
  captureConnectLink();
  connectRealtime(); // connects now if the cookie restores a session, and after any sign-in
  try {
    await restoreSession();
  } catch (err) {
    flash(err.detail || 'Kindred could not be reached.', 'warning');
  }
  startRouter(renderPage);
}

boot();
