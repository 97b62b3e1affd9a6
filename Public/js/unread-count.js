// An app's unread-activity count, the badge every screen of the app shows. The server's count is
// the truth; this keeps the last one it gave, asks again when told something happened, and
// forgets it on sign-out so a late answer can't show the last account's count.
import { onStatus } from './realtime.js';
import { onSessionChange } from './session.js';

const REFETCH_MS = 30_000; // screens change often; realtime events keep the count fresh meanwhile

/**
 * fetchCount() → Promise<{ count }>, the app's GET …/activity/unread.
 * Returns { refreshUnread, setUnread, watchUnread }.
 */
export function unreadCount(fetchCount) {
  let count = 0;
  let fetchedAt = 0;
  let generation = 0; // bumped on sign-in/out
  const listeners = new Set();

  function set(value) {
    count = Math.max(0, Number(value) || 0);
    for (const listener of [...listeners]) listener(count);
  }

  /** Ask the server again (at most every REFETCH_MS unless forced). Best effort: a failed read leaves the badge as it was. */
  function refreshUnread({ force = false } = {}) {
    if (!force && Date.now() - fetchedAt < REFETCH_MS) return;
    fetchedAt = Date.now();
    const asked = generation;
    fetchCount().then(({ count: fresh }) => { if (asked === generation) set(fresh); }, () => { fetchedAt = 0; });
  }

  /** listener(count) now and on every change; returns the unsubscribe. */
  function watchUnread(listener) {
    listeners.add(listener);
    listener(count);
    refreshUnread();
    return () => listeners.delete(listener);
  }

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

  /** The server said how many are still unread (e.g. after marking read). */
  return { refreshUnread, setUnread: set, watchUnread };
}
