// The Activity tab's unread count, shared by every Kinnect screen since the badge is on all of
// them. The server's count is the truth: it arrives with GET /kinnect/activity/unread, with each
// kinnect.activity.created event, and as the answer to marking things read.
import { onStatus } from '../../realtime.js';
import { onSessionChange } from '../../session.js';
import * as client from './client.js';

const REFETCH_MS = 30_000; // screens change often; the realtime event keeps the count fresh meanwhile

let count = 0;
let fetchedAt = 0;
let generation = 0; // bumped on sign-in/out so a late answer can't show the last account's count
const listeners = new Set();

function set(value) {
  count = Math.max(0, Number(value) || 0);
  for (const listener of [...listeners]) listener(count);
}

/** Ask the server again (at most every REFETCH_MS unless forced). Best effort: a failed read leaves the badge as it was. */
export function refreshUnread({ force = false } = {}) {
  if (!force && Date.now() - fetchedAt < REFETCH_MS) return;
  fetchedAt = Date.now();
  const asked = generation;
  client.getUnread().then(({ count: fresh }) => { if (asked === generation) set(fresh); }, () => { fetchedAt = 0; });
}

/** The server said how many are still unread (e.g. after markRead). */
export const setUnread = set;

/** listener(count) now and on every change; returns the unsubscribe. */
export function watchUnread(listener) {
  listeners.add(listener);
  listener(count);
  refreshUnread();
  return () => listeners.delete(listener);
}

client.onActivityCreated((unreadCount) => set(unreadCount));
// Events may have been missed while the socket was down.
onStatus((status, { reconnected }) => { if (status === 'open' && reconnected) refreshUnread({ force: true }); });
// Nothing of the last account survives a sign-out or a switch to another account.
onSessionChange((session, reason) => {
  if (!session || reason === 'signed-in') {
    generation += 1;
    fetchedAt = 0;
    set(0);
  }
});
