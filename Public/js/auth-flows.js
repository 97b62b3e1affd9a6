// Starting and ending sessions: sign up, sign in, sign out, and restoring the session on load.
// A sign-out that can't reach the server still signs out here at once, and is remembered
// (sign-out-pending.js) and finished as soon as the server answers, before this browser
// restores or starts any session: otherwise the refresh cookie would bring it back.
import { deviceLabel } from './device.js';
import { ApiError, toError } from './errors.js';
import { send } from './http.js';
import * as kindred from './kindred-client.js';
import {
  currentSession, emitSessionChange, endSession, refreshOnce, sendRefresh, signOutLocally, startSession,
  withRefreshLock,
} from './session.js';
import { PENDING_SIGN_OUT_KEY, markSignOutPending, signOutPending } from './sign-out-pending.js';
import { timeoutMs } from './timeouts.js';

export { signOutPending };

const SIGN_OUT_LIMIT_MS = 10_000; // someone leaving shouldn't watch a button for 30 s
const PENDING_RETRY_MS = 30_000;
let pendingTimer = null;

/**
 * Create an account; resolves to the session, or to { confirmationSent: email } on a server that
 * confirms addresses first (nothing is signed in then). fields: { email, username, displayName, password }.
 */
export async function signUp(fields) {
  await requireNoPendingSignOut();
  const { status, body } = await kindred.signUp({ ...fields, device: await deviceLabel(), refreshTokenDelivery: 'cookie' });
  if (status === 202) return { confirmationSent: body.email };
  startSession(body, 'signed-in');
  return currentSession();
}

export async function signIn({ email, password }) {
  await requireNoPendingSignOut();
  const auth = await kindred.signIn({ email, password, device: await deviceLabel(), refreshTokenDelivery: 'cookie' });
  startSession(auth, 'signed-in');
  return currentSession();
}

/**
 * Revoke the session on the server (which clears the cookie), then forget it here. Resolves to
 * { completed }. If the server can't be reached, this still signs out here (reason
 * 'signed-out-pending') and finishes on the server later; see the top of this file.
 */
export async function signOut() {
  if (!currentSession()) return { completed: true };
  try {
    await endSession(() => kindred.signOut({ limitMs: Math.min(SIGN_OUT_LIMIT_MS, timeoutMs('requestMs')) }),
      'signed-out');
    return { completed: true };
  } catch (err) {
    if (mightWorkLater(err)) {
      markSignOutPending(true);
      signOutLocally('signed-out-pending');
      retryPendingSignOutSoon();
      return { completed: false };
    }
    signOutLocally('signed-out'); // e.g. a 401: the server had already ended this session
    return { completed: true };
  }
}

/** No answer, a 429 or a 5xx may go differently next time; other answers are final. */
function mightWorkLater(err) {
  return err.isNetworkError || err.status === 429 || err.status >= 500;
}

/**
 * End the session a sign-out left behind. Signing out needs an access token, and those live only
 * in memory, so: refresh with the cookie, then sign out with the fresh token, both under the
 * refresh lock so no other tab uses the cookie meanwhile. Resolves true once nothing is pending
 * (that session is gone, or the cookie was), false while the server can't be reached.
 * Session listeners hear 'sign-out-finished' when it completes.
 */
export async function finishPendingSignOut() {
  if (!signOutPending()) return true;
  const done = await withRefreshLock(async () => {
    if (!signOutPending()) return true; // another tab finished it while we waited for the lock
    try {
      const res = await sendRefresh();
      if (res.ok) {
        const { accessToken } = await res.json();
        const out = await send('POST', '/auth/sign-out', { token: accessToken });
        if (!out.ok && mightWorkLater(await toError(out))) return false;
      } else if (mightWorkLater(await toError(res))) {
        return false;
      }
      markSignOutPending(false);
      return true;
    } catch {
      return false; // offline, or no answer in time
    }
  });
  clearTimeout(pendingTimer);
  if (done) emitSessionChange('sign-out-finished');
  else retryPendingSignOutSoon();
  return done;
}

function retryPendingSignOutSoon() {
  clearTimeout(pendingTimer);
  pendingTimer = setTimeout(finishPendingSignOut, PENDING_RETRY_MS);
}

/** Signing in replaces the cookie, and with it the only way to end the old session: finish first. */
async function requireNoPendingSignOut() {
  if (await finishPendingSignOut()) return;
  throw new ApiError({ status: 0, type: 'about:blank#sign-out-pending', title: 'Sign-out not finished',
    detail: 'Kindred can’t be reached to finish your last sign-out, so you can’t sign in yet. '
      + 'Check your connection and try again.' });
}

window.addEventListener('online', () => { if (signOutPending()) finishPendingSignOut(); });
// Another tab signed out while offline: we share its cookie, so we are signed out too.
window.addEventListener('storage', (event) => {
  if (event.key === PENDING_SIGN_OUT_KEY && event.newValue !== null) signOutLocally('signed-out-pending');
});

/**
 * On page load: use the refresh cookie, if any. Resolves to the session or null. A pending
 * sign-out is finished instead, and never restored from, even while the server is unreachable.
 */
export async function restoreSession() {
  if (signOutPending()) {
    await finishPendingSignOut();
    return null;
  }
  try {
    return await refreshOnce();
  } catch (err) {
    if (err.status >= 400 && err.status < 500) return null; // no or dead cookie: signed out
    throw err;
  }
}
