// The signed-in session, and keeping it alive.
// - The access token lives only in this module's memory (never storage), so a script
//   injected elsewhere can't read it from localStorage; the refresh token is an HttpOnly
//   cookie the server sets, so a page load restores the session with POST /auth/refresh.
// - A 401 triggers exactly one refresh (shared by all calls that hit it) and one retry (withAuth).
// - Signing up, in and out, and restoring on load, are in auth-flows.js.
import { ApiError, toError } from './errors.js';
import { send } from './http.js';
import { signOutPending } from './sign-out-pending.js';

const REFRESH_EARLY_MS = 60_000; // refresh a minute before the token expires
const RETRY_REFRESH_MS = 15_000; // after a network failure of a proactive refresh

let session = null; // { accessToken, expiresAt (ms), sessionId, me }
let generation = 0; // bumped on sign-in/out so a late refresh can't resurrect an old session
let refreshPromise = null;
let refreshTimer = null;
let ending = null; // reason of an intentional sign-out in flight, see endSession()
const listeners = new Set();

/** The signed-in session without the token: { sessionId, me, accessTokenExpiresAt } or null. */
export function currentSession() {
  if (!session) return null;
  return { sessionId: session.sessionId, me: session.me,
    accessTokenExpiresAt: new Date(session.expiresAt).toISOString() };
}

/**
 * listener(session|null, reason). Reasons: signed-in, restored, refreshed, me-updated,
 * signed-out, signed-out-pending (signed out here, the server not told yet), sign-out-finished
 * (the server has now been told), expired, revoked, deleted, password-reset (a reset link ended
 * every session, this one too). Returns an unsubscribe function.
 */
export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell every listener; auth-flows.js also uses it for 'sign-out-finished'. */
export function emitSessionChange(reason) {
  const snapshot = currentSession();
  for (const listener of [...listeners]) {
    try { listener(snapshot, reason); } catch (err) { queueMicrotask(() => { throw err; }); }
  }
}

/** Keep the session the server just gave (auth-flows.js: sign-up, sign-in; a refresh here). */
export function startSession(auth, reason) {
  session = { accessToken: auth.accessToken, expiresAt: Date.parse(auth.accessTokenExpiresAt),
    sessionId: auth.sessionId, me: auth.me };
  if (reason !== 'refreshed') generation += 1;
  scheduleRefresh();
  emitSessionChange(reason);
}

/** Replace the cached account (after PATCH /me or a profile.updated event). */
export function updateMe(me) {
  if (!session || !me) return;
  session.me = me;
  emitSessionChange('me-updated');
}

/** Forget the session here without asking the server (it already knows, or can't be reached). */
export function signOutLocally(reason = 'signed-out') {
  if (!session) return;
  if (ending && reason !== ending) return; // an intentional end is in flight and will say why
  session = null;
  generation += 1;
  clearTimeout(refreshTimer);
  emitSessionChange(reason);
}

/**
 * Run a request that ends this session on purpose (sign out, revoke this device, delete the
 * account), then sign out locally with `reason`. Meanwhile the server's realtime
 * "session.revoked" or a failing refresh is expected, so it can't replace our reason.
 */
export async function endSession(action, reason) {
  ending = reason;
  try {
    const result = await action();
    ending = null;
    signOutLocally(reason);
    return result;
  } finally {
    ending = null;
  }
}

/**
 * Runs attempt(token) and, on a 401 with a token, refreshes once and runs it again.
 * If another call already refreshed while we waited, we just retry with the new token.
 * auth = false sends no token at all.
 */
export async function withAuth(auth, attempt) {
  const used = auth ? session?.accessToken : undefined;
  const res = await attempt(used);
  if (res.status !== 401 || !used) return res;
  if (session && session.accessToken === used) await refreshOnce();
  return session ? attempt(session.accessToken) : res;
}

// ---- refresh ----------------------------------------------------------------------
function scheduleRefresh(delay) {
  clearTimeout(refreshTimer);
  if (!session) return;
  const lifetime = session.expiresAt - Date.now();
  // Short-lived tokens (tests) refresh at 80% of their life instead of a minute early.
  const early = Math.min(REFRESH_EARLY_MS, lifetime * 0.2);
  const wait = delay ?? Math.max(1_000, lifetime - early);
  refreshTimer = setTimeout(() => {
    refreshOnce().catch((err) => {
      if (err.isNetworkError) scheduleRefresh(RETRY_REFRESH_MS); // offline: keep the session, try later
    });
  }, wait);
}

// A background tab's timers are throttled; catch up as soon as it is visible again.
globalThis.document?.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && session && session.expiresAt - Date.now() < REFRESH_EARLY_MS) {
    refreshOnce().catch(() => {});
  }
});

/** Single-flight: every caller during a refresh shares the same promise. Resolves to the session. */
export function refreshOnce() {
  if (!refreshPromise) {
    refreshPromise = withRefreshLock(doRefresh).finally(() => { refreshPromise = null; });
  }
  return refreshPromise;
}

/**
 * Refresh tokens are single-use and a reused one revokes the session, so two tabs must not
 * refresh with the same cookie at once. Web Locks serialise them (the second tab then sends
 * the already-rotated cookie). Without Web Locks (insecure origins) we go without.
 */
export function withRefreshLock(fn) {
  return navigator.locks ? navigator.locks.request('kindred-auth-refresh', fn) : fn();
}

/** The refresh exchange itself, with the cookie; callers hold the refresh lock. */
export function sendRefresh() {
  return send('POST', '/auth/refresh', { body: { refreshTokenDelivery: 'cookie' } });
}

async function doRefresh() {
  if (signOutPending()) { // another tab signed out offline: this cookie must not come back to life
    signOutLocally('signed-out-pending');
    throw new ApiError({ status: 401, title: 'Signed out', detail: 'You signed out.' });
  }
  const gen = generation;
  const hadSession = Boolean(session);
  const res = await sendRefresh();
  if (gen !== generation) return currentSession(); // signed in/out meanwhile: ignore the result
  if (res.ok) {
    startSession(await res.json(), hadSession ? 'refreshed' : 'restored');
    return currentSession();
  }
  const err = await toError(res);
  if (res.status >= 400 && res.status < 500 && res.status !== 429) signOutLocally('expired');
  throw err;
}
