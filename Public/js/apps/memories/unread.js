// The Activity tab's unread count, shared by every Memories screen since the badge is on all of
// them. It arrives with GET /memories/activity/unread, and is asked again when something that
// makes activity happens (a request, a book, a page).
import { unreadCount } from '../../unread-count.js';
import * as client from './client.js';

export const { refreshUnread, setUnread, watchUnread } = unreadCount(() => client.getUnread());

// Each of these leaves an activity item for me.
client.onFriendRequested(() => refreshUnread({ force: true }));
client.onBookCreated(() => refreshUnread({ force: true }));
client.onPageAdded(() => refreshUnread({ force: true }));
// A book read on another device (its activity read with it).
client.onBookUpdated(() => refreshUnread({ force: true }));
