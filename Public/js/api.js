// The one API client every Kindred web page uses.
// - The access token lives only in this module's memory (never storage), so a script
//   injected elsewhere can't read it from localStorage; the refresh token is an HttpOnly
//   cookie the server sets, so a page load restores the session with POST /auth/refresh.
// - A 401 triggers exactly one refresh (shared by all calls that hit it) and one retry.
// - Every failure, including "the network is down", becomes an ApiError.
// - Every request has a time limit (timeouts.js), so nothing waits forever.
// - Signing up, in and out, and restoring on load, are in auth-flows.js.
import { newId } from './device.js';
import { ApiError, networkError, timeoutError, toError } from './errors.js';
import { createSseParser } from './sse.js';
import { signOutPending } from './sign-out-pending.js';
import { idleDeadline, timeoutMs } from './timeouts.js';
import { xhrPost } from './xhr.js';

export { ApiError };

const BASE = '/api/v1';
const REFRESH_EARLY_MS = 60_000; // refresh a minute before the token expires
const RETRY_REFRESH_MS = 15_000; // after a network failure of a proactive refresh

// ---- session state ----------------------------------------------------------------
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
 * (the server has now been told), expired, revoked, deleted. Returns an unsubscribe function.
 */
export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(reason) {
  const snapshot = currentSession();
  for (const listener of [...listeners]) {
    try { listener(snapshot, reason); } catch (err) { queueMicrotask(() => { throw err; }); }
  }
}

function setSession(auth, reason) {
  session = { accessToken: auth.accessToken, expiresAt: Date.parse(auth.accessTokenExpiresAt),
    sessionId: auth.sessionId, me: auth.me };
  if (reason !== 'refreshed') generation += 1;
  scheduleRefresh();
  emit(reason);
}

/** Replace the cached account (after PATCH /me or a profile.updated event). */
export function updateMe(me) {
  if (!session || !me) return;
  session.me = me;
  emit('me-updated');
}

/** Forget the session here without asking the server (it already knows, or can't be reached). */
export function signOutLocally(reason = 'signed-out') {
  if (!session) return;
  if (ending && reason !== ending) return; // an intentional end is in flight and will say why
  session = null;
  generation += 1;
  clearTimeout(refreshTimer);
  emit(reason);
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

/** Single-flight: every caller during a refresh shares the same promise. */
function refreshOnce() {
  if (!refreshPromise) {
    refreshPromise = withRefreshLock(doRefresh).finally(() => { refreshPromise = null; });
  }
  return refreshPromise;
}

// Refresh tokens are single-use and a reused one revokes the session, so two tabs must not
// refresh with the same cookie at once. Web Locks serialise them (the second tab then sends
// the already-rotated cookie). Without Web Locks (insecure origins) we go without.
function withRefreshLock(fn) {
  return navigator.locks ? navigator.locks.request('kindred-auth-refresh', fn) : fn();
}

async function doRefresh() {
  if (signOutPending()) { // another tab signed out offline: this cookie must not come back to life
    signOutLocally('signed-out-pending');
    throw new ApiError({ status: 401, title: 'Signed out', detail: 'You signed out.' });
  }
  const gen = generation;
  const hadSession = Boolean(session);
  const res = await send('POST', '/auth/refresh', { body: { refreshTokenDelivery: 'cookie' } });
  if (gen !== generation) return currentSession(); // signed in/out meanwhile: ignore the result
  if (res.ok) {
    setSession(await res.json(), hadSession ? 'refreshed' : 'restored');
    return currentSession();
  }
  const err = await toError(res);
  if (res.status >= 400 && res.status < 500 && res.status !== 429) signOutLocally('expired');
  throw err;
}

// ---- requests ----------------------------------------------------------------------
/**
 * One HTTP exchange. The whole answer is read within the request deadline (headers can arrive
 * and the body then stall), so callers get a Response whose body is already here. `streaming`
 * answers are handed over as soon as their headers arrive; stream() then watches the body.
 */
async function send(method, path, { body, token, idempotencyKey, headers = {}, signal, streaming = false,
  limitMs = timeoutMs('requestMs') } = {}) {
  const requestId = newId();
  const all = { Accept: 'application/json, application/problem+json', 'X-Request-ID': requestId, ...headers };
  if (method === 'POST') all['Idempotency-Key'] = idempotencyKey || newId();
  if (token) all.Authorization = `Bearer ${token}`;
  let payload;
  if (body !== undefined) {
    all['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const deadline = idleDeadline(limitMs, signal);
  try {
    const res = await fetch(BASE + path, { method, headers: all, body: payload, signal: deadline.signal,
      credentials: 'same-origin', cache: 'no-store' });
    if (streaming) return res;
    const data = [204, 205, 304].includes(res.status) ? null : await res.blob();
    return new Response(data, { status: res.status, statusText: res.statusText, headers: res.headers });
  } catch (err) {
    if (deadline.timedOut) throw timeoutError(requestId);
    if (err.name === 'AbortError') throw err;
    throw networkError(requestId);
  } finally {
    deadline.stop(); // a stream keeps its link to `signal`, so leaving still closes it
    if (!streaming) deadline.release();
  }
}

async function parse(res) {
  if (!res.ok) throw await toError(res);
  if (res.status === 204 || !/json/.test(res.headers.get('Content-Type') || '')) return null;
  return res.json();
}

/**
 * Runs attempt(token) and, on a 401 with a token, refreshes once and runs it again.
 * If another call already refreshed while we waited, we just retry with the new token.
 */
async function withAuth(auth, attempt) {
  const used = auth ? session?.accessToken : undefined;
  const res = await attempt(used);
  if (res.status !== 401 || !used) return res;
  if (session && session.accessToken === used) await refreshOnce();
  return session ? attempt(session.accessToken) : res;
}

/**
 * Generic request; options: { auth = true, headers, signal, withStatus = false, limitMs }. Resolves to
 * JSON or null, or with withStatus to { status, body } for APIs where 200 and 201 mean different
 * things (e.g. "already connected" vs "now connected").
 */
export async function request(method, path, body, { auth = true, headers, signal, withStatus = false, limitMs } = {}) {
  const idempotencyKey = method === 'POST' ? newId() : undefined; // same key on the retry
  const res = await withAuth(auth, (token) => send(method, path, { body, token, idempotencyKey, headers, signal, limitMs }));
  const data = await parse(res);
  return withStatus ? { status: res.status, body: data } : data;
}

/**
 * POST raw bytes (e.g. a photo) with upload progress: onProgress(fraction 0..1). It fails with a
 * timeout ApiError when nothing moves for a while (timeouts.js) rather than waiting forever.
 * Pass the same `idempotencyKey` to retry the same upload: a server that already stored it
 * answers with the stored result instead of storing it twice.
 */
function upload(path, blob, { onProgress, signal, idempotencyKey = newId() } = {}) {
  return withAuth(true, (token) => {
    const requestId = newId();
    const headers = { 'Content-Type': 'application/octet-stream', Accept: 'application/json, application/problem+json',
      'Idempotency-Key': idempotencyKey, 'X-Request-ID': requestId };
    if (token) headers.Authorization = `Bearer ${token}`;
    return xhrPost(BASE + path, blob, { headers, onProgress, signal, idleMs: timeoutMs('uploadIdleMs') })
      .catch((err) => {
        if (err.name === 'TimeoutError') throw timeoutError(requestId);
        throw err.name === 'AbortError' ? err : networkError(requestId);
      });
  }).then(parse);
}

/**
 * GET binary content (e.g. a PNG) with the bearer token, for things an <img>/<a href> can't
 * fetch themselves because they need Authorization. Resolves to a Blob; failures are ApiErrors.
 */
async function getBlob(path, { signal } = {}) {
  const res = await withAuth(true, (token) => send('GET', path, { token, signal,
    headers: { Accept: '*/*, application/problem+json' } }));
  if (!res.ok) throw await toError(res);
  return res.blob();
}

/**
 * POST JSON and read a Server-Sent Events answer, yielding { event, data, id } as each event
 * arrives: `for await (const e of api.stream(path, body)) …`. Until the stream starts it is an
 * ordinary call (bearer token, one refresh and resend on a 401, problem+json as ApiError);
 * a connection lost mid-stream is a network ApiError. Leaving the loop early or aborting
 * `signal` closes the connection.
 */
async function* stream(path, body, { signal } = {}) {
  const idempotencyKey = newId();
  // The API checks that a client can read its problem+json answers, so ask for both.
  const headers = { Accept: 'text/event-stream, application/json, application/problem+json' };
  // Until the headers arrive the request deadline applies; then the stream may idle this long.
  const idle = idleDeadline(timeoutMs('streamIdleMs'), signal);
  try {
    const res = await withAuth(true, (token) => send('POST', path,
      { body, token, idempotencyKey, headers, signal: idle.signal, streaming: true }));
    if (!res.ok) throw await toError(res);
    const requestId = res.headers.get('X-Request-ID');
    if (!/^text\/event-stream/.test(res.headers.get('Content-Type') || '') || !res.body) {
      throw new ApiError({ status: res.status, title: 'Unexpected answer', requestId,
        detail: 'The server answered, but not with the stream this page expected. Try again.' });
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const ready = [];
    const parser = createSseParser((event) => ready.push(event));
    try {
      for (;;) {
        idle.touch();
        let chunk;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (idle.timedOut) throw timeoutError(requestId);
          throw err.name === 'AbortError' ? err : networkError(requestId);
        }
        if (chunk.done) { parser.end(); break; }
        parser.push(chunk.value);
        while (ready.length) yield ready.shift();
      }
    } finally {
      reader.cancel().catch(() => {}); // no-op after the end; closes the connection when left early
    }
  } finally {
    idle.stop();
    idle.release();
  }
}

export const api = {
  get: (path, opts) => request('GET', path, undefined, opts),
  getBlob,
  stream,
  post: (path, body, opts) => request('POST', path, body, opts),
  put: (path, body, opts) => request('PUT', path, body, opts),
  patch: (path, body, opts) => request('PATCH', path, body, opts),
  delete: (path, opts) => request('DELETE', path, undefined, opts),
  upload,
};

// ---- for auth-flows.js, which starts and ends sessions (pages import from there) ----------
export { send as sendRequest, setSession as startSession, emit as emitSessionChange, refreshOnce, withRefreshLock };
