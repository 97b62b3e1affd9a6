// The Activity tab's unread count, shared by every Kinnect screen since the badge is on all of
// them. It arrives with GET /kinnect/activity/unread, with each kinnect.activity.created event,
// and as the answer to marking things read.
import { unreadCount } from '../../unread-count.js';
import * as client from './client.js';

export const { refreshUnread, setUnread, watchUnread } = unreadCount(() => client.getUnread());

client.onActivityCreated((unreadCount) => setUnread(unreadCount));
