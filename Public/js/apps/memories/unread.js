// The Activity tab's unread count, shared by every Memories screen since the badge is on all of
// them. The server's count is the truth: it arrives with GET /memories/activity/unread, and is
// asked again when something that makes activity happens (a request, a letter, a page).
import { onStatus } from '../../realtime.js';
import { onSessionChange } from '../../session.js';
import * as client from './client.js';

const REFETCH_MS = 30_000;

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

/** The server said how many are still unread (e.g. after marking read). */
export const setUnread = set;

/** listener(count) now and on every change; returns the unsubscribe. */
export function watchUnread(listener) {
  listeners.add(listener);
  listener(count);
  refreshUnread();
  return () => listeners.delete(listener);
}

// Each of these leaves an activity item for me.
client.onFriendRequested(() => refreshUnread({ force: true }));
client.onBookCreated(() => refreshUnread({ force: true }));
client.onPageAdded(() => refreshUnread({ force: true }));
onStatus((status, { reconnected }) => { if (status === 'open' && reconnected) refreshUnread({ force: true }); });
onSessionChange((session, reason) => {
  if (!session || reason === 'signed-in') {
    generation += 1;
    fetchedAt = 0;
    set(0);
  }
});
