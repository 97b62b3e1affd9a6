// How many asks wait for my answer, over all my profiles: the Profile tab's badge, on every Rin
// screen. The server's lists are the truth; this asks again when someone asks
// (`rin.ask.requested`), after I answer one, and after the socket comes back (unread-count.js).
import { unreadCount } from '../../unread-count.js';
import { loadProfiles } from './acting.js';
import * as client from './client.js';

const PER_PROFILE = 100; // one page each; "99+" says the rest

async function countAsks() {
  const profiles = await loadProfiles();
  const pages = await Promise.all(profiles.map((p) => client.listIncomingAsks(p.id, { limit: PER_PROFILE })));
  return { count: pages.reduce((sum, page) => sum + page.items.length + (page.nextCursor ? 1 : 0), 0) };
}

export const { refreshUnread: refreshAsks, watchUnread: watchAsks } = unreadCount(countAsks);

client.onAskRequested(() => refreshAsks({ force: true }));
