// A sign-out the server hasn't heard of yet (it was unreachable). Kept in localStorage, so every
// tab and every later page load sees it until auth-flows.js has finished it: until then the
// refresh cookie must not be used to restore the session.

const KEY = 'kindred.signOutPending';
export const PENDING_SIGN_OUT_KEY = KEY;

/** True while a sign-out is waiting to reach the server. */
export function signOutPending() {
  try { return localStorage.getItem(KEY) !== null; } catch { return false; }
}

export function markSignOutPending(on) {
  try {
    if (on) localStorage.setItem(KEY, new Date().toISOString());
    else localStorage.removeItem(KEY);
  } catch { /* storage blocked: the sign-out can only be as durable as this page */ }
}
