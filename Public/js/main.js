// The Kindred web shell: loads the apps (app-loader.js), restores the session, draws the header,
// routes between pages and turns session changes (sign-out, revocation, deletion) into the right
// screen + message.
import { appOf, appsOpenedBy, loadApp, loadedRoutes, prefetchApps } from './app-loader.js';
import { restoreSession, signOutPending } from './auth-flows.js';
import { connectRealtime, onStatus } from './realtime.js';
import { currentRoute, matchRoute, navigate, startRouter } from './router.js';
import { h } from './dom.js';
import { createHeader } from './header.js';
import * as home from './pages/home.js';
import * as auth from './pages/auth.js';
import * as profile from './pages/profile.js';
import * as sessions from './pages/sessions.js';
import * as account from './pages/account.js';
import * as blocked from './pages/blocked.js';
import * as passwordReset from './pages/password-reset.js';
import * as verifyEmail from './pages/verify-email.js';
import { currentSession, onSessionChange } from './session.js';

// guest: only when signed out (signed-in people go home); auth: only when signed in.
const SHELL_ROUTES = {
  '/': { render: home.render, title: 'Home' },
  '/sign-in': { render: auth.renderSignIn, title: 'Sign in', guest: true },
  '/sign-up': { render: auth.renderSignUp, title: 'Create account', guest: true },
  // Neither guest nor auth: e-mailed links open wherever someone reads their mail, signed in or
  // not, and a reset link that failed must lead to asking for a new one either way.
  '/forgot-password': { render: passwordReset.renderRequest, title: 'Forgot your password?' },
  '/reset-password': { render: passwordReset.renderReset, title: 'Choose a new password' },
  '/verify-email': { render: verifyEmail.render, title: 'Confirm your email address' },
  '/profile': { render: profile.render, title: 'Profile', auth: true },
  '/sessions': { render: sessions.render, title: 'Sessions', auth: true },
  '/account': { render: account.render, title: 'Account', auth: true },
  '/blocked': { render: blocked.render, title: 'Blocked people', auth: true },
};
const NOT_FOUND = {
  title: 'Not found',
  render: (root) => root.append(h('h1', { tabindex: '-1' }, 'Page not found'),
    h('p', {}, h('a', { href: '#/' }, 'Go to the home page'))),
};

const main = document.getElementById('app');
const header = createHeader(document.getElementById('site-header'), { mayLeave: () => mayLeave() });
let cleanup = null;
let pending = null; // one-shot message for the next page, e.g. "Your account was deleted."
let firstRender = true;
let path = '/';
let shown = '/'; // the route (with its query) on screen, to go back to when leaving is cancelled
let leaveGuard = null; // set by a page with unsaved work: ({ unloading }) => message or null
let forced = false; // the next navigation comes from a session change and can't be refused

/** Queue a message shown under the next page's heading. kind: info | success | warning. */
function flash(message, kind = 'info', testid = 'flash') {
  pending = { message, kind, testid };
}

/** Session changes move to another page whether or not the current one has unsaved work. */
function forceNavigate(target) {
  forced = true;
  navigate(target);
}

/** Send a route the person may not see elsewhere; they already agreed to leave the last page. */
function redirect(target) {
  forced = true;
  navigate(target, { replace: true });
}

/** Would the current page lose work? Then ask; false means stay. */
function mayLeave() {
  const message = leaveGuard?.({ unloading: false });
  return !message || window.confirm(message);
}

// Closing the tab or reloading with unsaved work: the browser asks with its own words.
window.addEventListener('beforeunload', (event) => {
  if (!leaveGuard?.({ unloading: true })) return;
  event.preventDefault();
  event.returnValue = ''; // older browsers need this to ask at all
});

function renderPage(route) {
  const full = route.query.toString() ? `${route.path}?${route.query}` : route.path;
  const wasForced = forced;
  forced = false;
  if (!wasForced && !firstRender && full !== shown && !mayLeave()) {
    // The hash already changed: put it back without a new history entry or a re-render.
    history.replaceState(null, '', `#${shown}`);
    return;
  }
  // An app's routes arrive with its module (opened, or fetched ahead), and its paths are its own.
  const app = appOf(route.path);
  const appRoutes = app && loadedRoutes(app);
  if (app && !appRoutes) return openApp(app, route, full);
  const match = matchRoute(appRoutes || SHELL_ROUTES, route.path);
  const def = match?.def || NOT_FOUND;
  const session = currentSession();
  if (def.auth && !session) {
    flash('Please sign in to continue.');
    const query = route.query.toString();
    const next = query ? `${route.path}?${query}` : route.path; // e.g. which two to compare
    return redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  }
  if (def.guest && session) return redirect('/');

  cleanup?.();
  cleanup = null;
  leaveGuard = null;
  path = route.path;
  shown = full;
  main.replaceChildren();
  document.title = def.title === 'Home' ? 'Kindred' : `${def.title} · Kindred`;
  const guardLeave = (guard) => { leaveGuard = guard; };
  cleanup = def.render(main, { session, navigate, flash, guardLeave, query: route.query, params: match?.params || {} }) || null;

  if (pending) {
    const { message, kind, testid } = pending;
    pending = null;
    const note = h('p', { class: `notice notice-${kind}`, role: 'status', dataset: { testid } }, message);
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

/**
 * Leaves the page for an app's route while the app loads (the leaving was already agreed), then
 * renders the route if it is still the one asked for. An app that cannot be loaded says so on
 * its own page; the shell and the other apps keep working. Trying again means reloading: a
 * browser keeps a module that failed to arrive failed for the rest of the page's life.
 */
function openApp(app, route, full) {
  cleanup?.();
  cleanup = null;
  leaveGuard = null;
  path = route.path;
  shown = full;
  document.title = `${app.name} · Kindred`;
  main.replaceChildren(h('p', { class: 'notice notice-info', role: 'status', dataset: { testid: 'app-loading' } }, `Opening ${app.name}…`));
  renderHeader();
  loadApp(app).then(() => {
    if (shown !== full) return; // somewhere else was asked for meanwhile
    forced = true;
    renderPage(route);
  }, (err) => {
    console.error(`${app.name} could not be loaded:`, err);
    if (shown !== full) return;
    main.replaceChildren(
      h('h1', { tabindex: '-1' }, app.name),
      h('p', { class: 'notice notice-warning', role: 'alert', dataset: { testid: 'app-unavailable' } },
        `${app.name} could not be loaded. Check your connection and reload the page.`),
      h('button', { type: 'button', class: 'btn', dataset: { testid: 'app-reload' }, onclick: () => location.reload() }, 'Reload'));
    if (!firstRender) main.querySelector('h1')?.focus();
    firstRender = false;
  });
}

// A sign-out the server couldn't hear yet (auth-flows.js), said plainly, and then its end.
const PENDING_SIGN_OUT = 'You’re signed out on this device, but Kindred couldn’t be reached to end the session '
  + 'on its server. It will end it as soon as Kindred can be reached, and this browser won’t sign back in by itself.';
const FINISHED_SIGN_OUT = 'Your sign-out is complete: Kindred has ended that session.';

// Session changes that didn't come from a page's own navigation decide the next screen.
onSessionChange((session, reason) => {
  if (firstRender) return; // still booting
  if (reason === 'signed-out') {
    flash('You’re signed out.');
    forceNavigate('/');
  } else if (reason === 'signed-out-pending') {
    flash(PENDING_SIGN_OUT, 'warning', 'signout-pending');
    forceNavigate('/');
  } else if (reason === 'sign-out-finished') {
    // Say so where the warning is, without moving anyone off the page they are on.
    const note = main.querySelector('[data-testid="signout-pending"]');
    if (note) {
      note.textContent = FINISHED_SIGN_OUT;
      note.className = 'notice notice-success';
      note.dataset.testid = 'signout-finished';
    }
  } else if (reason === 'revoked') {
    flash('You were signed out because this session was revoked.', 'warning');
    forceNavigate('/sign-in');
  } else if (reason === 'expired') {
    flash('Your session has ended. Please sign in again.', 'warning');
    forceNavigate(`/sign-in?next=${encodeURIComponent(path)}`);
  } else if (reason === 'deleted') {
    flash('Your account was deleted.', 'success');
    forceNavigate('/');
  } else if (reason === 'password-reset') {
    renderHeader(); // the reset page stays: it says what happened and offers to sign in
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
  // Only an app whose link opened the page is loaded before the first screen (its boot() turns
  // the link into a route), and it is fetched while the session is restored. Every other app
  // loads when first opened, and is fetched ahead once the first screen is up.
  const opening = Promise.allSettled(appsOpenedBy(location.pathname).map(loadApp));
  // The app of the route the page opens at is fetched meanwhile too (a failure shows on its page).
  const first = appOf(currentRoute().path);
  if (first) loadApp(first).catch(() => {});
  connectRealtime(); // connects now if the cookie restores a session, and after any sign-in
  const wasPending = signOutPending();
  try {
    await restoreSession();
  } catch (err) {
    flash(err.detail || 'Kindred could not be reached.', 'warning');
  }
  await opening; // one that failed says so on its page
  // A sign-out's news matters more than the message above: it replaces it.
  if (wasPending && signOutPending()) flash(PENDING_SIGN_OUT, 'warning', 'signout-pending');
  else if (wasPending) flash(FINISHED_SIGN_OUT, 'success', 'signout-finished');
  startRouter(renderPage);
  prefetchApps();
}

boot();
