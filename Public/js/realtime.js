// The one realtime connection every Kindred web page shares.
// It follows the session by itself: connects when signed in (once connectRealtime() was
// called), closes on sign-out, and reconnects after drops with capped exponential backoff
// plus jitter, asking for a fresh single-use ticket each time.
import { createRealtimeTicket, getMe } from './kindred-client.js';
import { currentSession, onSessionChange, signOutLocally, updateMe } from './session.js';

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const STABLE_MS = 10_000; // a socket open this long resets the backoff

let wanted = false;
let socket = null;
let connecting = false;
let timer = null;
let attempt = 0;
let openedAt = 0;
let everOpened = false;
let seq = 0; // bumped by stop() so an in-flight ticket request can't open a stale socket
let status = 'idle';
const handlers = new Map(); // event type (or '*') -> Set of handlers
const statusListeners = new Set();

/** Start (or keep) the connection for as long as someone is signed in. Safe to call often. */
export function connectRealtime() {
  wanted = true;
  if (currentSession()) open();
}

/** Close and stay closed until connectRealtime() is called again. */
export function disconnectRealtime() {
  wanted = false;
  stop();
}

/** handler(event) for events of this type; '*' gets every event. Returns an unsubscribe. */
export function onEvent(type, handler) {
  if (!handlers.has(type)) handlers.set(type, new Set());
  handlers.get(type).add(handler);
  return () => handlers.get(type)?.delete(handler);
}

/**
 * listener(status, {reconnected}) with status idle | connecting | open | reconnecting | closed.
 * Called at once with the current status. Returns an unsubscribe.
 */
export function onStatus(listener) {
  statusListeners.add(listener);
  listener(status, { reconnected: false });
  return () => statusListeners.delete(listener);
}

export function realtimeStatus() {
  return status;
}

function setStatus(next, info = { reconnected: false }) {
  if (next === status) return;
  status = next;
  for (const l of [...statusListeners]) {
    try { l(status, info); } catch (err) { queueMicrotask(() => { throw err; }); }
  }
}

async function open() {
  if (socket || connecting || timer) return;
  connecting = true;
  const mySeq = ++seq;
  setStatus(attempt > 0 ? 'reconnecting' : 'connecting');
  let ticket;
  try {
    ticket = await createRealtimeTicket();
  } catch {
    connecting = false;
    // A failed refresh inside that call has already signed us out; then don't retry.
    if (mySeq === seq) (wanted && currentSession() ? retry() : stop());
    return;
  }
  connecting = false;
  if (mySeq !== seq || !wanted || !currentSession()) return;

  const path = ticket.path?.startsWith('/') ? ticket.path
    : `/api/v1/realtime?ticket=${encodeURIComponent(ticket.ticket)}`;
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path);
  socket = ws;
  ws.onopen = () => {
    openedAt = Date.now();
    // After a drop, events may have been missed: tell listeners so they re-fetch.
    setStatus('open', { reconnected: everOpened });
    everOpened = true;
  };
  ws.onmessage = (msg) => {
    let event;
    try { event = JSON.parse(msg.data); } catch { return; } // not ours to crash on
    if (event && typeof event.type === 'string') dispatch(event);
  };
  ws.onclose = () => {
    if (socket !== ws) return; // we closed it on purpose
    socket = null;
    if (openedAt && Date.now() - openedAt >= STABLE_MS) attempt = 0;
    openedAt = 0;
    if (wanted && currentSession()) retry();
    else setStatus('closed');
  };
  // onerror is always followed by onclose, which decides what to do.
}

function retry() {
  clearTimeout(timer);
  // "Equal jitter": half the capped delay plus a random half, so clients that dropped
  // together don't all come back in the same instant, yet none retries immediately.
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  attempt += 1;
  setStatus('reconnecting');
  timer = setTimeout(() => { timer = null; open(); }, cap / 2 + Math.random() * (cap / 2));
}

function stop() {
  seq += 1;
  clearTimeout(timer);
  timer = null;
  connecting = false;
  attempt = 0;
  openedAt = 0;
  everOpened = false;
  if (socket) {
    const ws = socket;
    socket = null;
    ws.close(1000, 'closing');
  }
  setStatus(wanted ? 'closed' : 'idle');
}

function dispatch(event) {
  for (const key of [event.type, '*']) {
    for (const handler of [...(handlers.get(key) || [])]) {
      try { handler(event); } catch (err) { queueMicrotask(() => { throw err; }); }
    }
  }
}

// Follow the session: a new sign-in is a new session, so it gets a new socket.
onSessionChange((session, reason) => {
  if (!session) stop();
  else if (wanted && reason === 'signed-in') { stop(); open(); }
  else if (wanted && reason === 'restored') open();
});

// Back online: don't wait out the backoff.
window.addEventListener('online', () => {
  if (timer && wanted && currentSession()) {
    clearTimeout(timer);
    timer = null;
    open();
  }
});

// Built-in behaviour every page wants, so no app can forget it:
// our own session revoked elsewhere -> signed out here too;
onEvent('session.revoked', (event) => {
  const current = currentSession();
  if (current && event.sessionId === current.sessionId) signOutLocally('revoked');
});
// our own profile changed on another device -> keep currentSession().me fresh;
onEvent('profile.updated', (event) => {
  const me = currentSession()?.me;
  if (me && event.profile?.id === me.profile.id) updateMe({ ...me, profile: event.profile });
});
// and after a reconnect, re-read the account in case a profile.updated was missed.
statusListeners.add((next, { reconnected }) => {
  if (next === 'open' && reconnected) {
    getMe().then(updateMe, () => {});
  }
});
