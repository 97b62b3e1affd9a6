// Kinnect's calls to the API and its realtime events, in one place, so screens speak in app terms
// (feed, post, follow, activity) and never build paths or name wire events.
import { api } from '../../api.js';
import { onEvent } from '../../realtime.js';

const P = '/kinnect';
const id = (value) => encodeURIComponent(value);

/** path?limit=…&cursor=…: Kindred's one paging shape (openapi.yaml "Lists"). */
function paged(path, cursor, limit) {
  const query = new URLSearchParams();
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The contract asks the feed for 20 at a time: a screenful or two on a phone. */
export const FEED_PAGE = 20;
export const CAPTION_MAX = 2200;
export const COMMENT_MAX = 2200;

// ---- profiles and following ----
/** { profile, followerCount, followingCount, following, followsMe, canSeePosts } */
export const getProfile = (username) => api.get(`${P}/profiles/${id(username)}`);
/** { items: [{ profile, since }], nextCursor? } */
export const listFollowers = (username, cursor) => api.get(paged(`${P}/profiles/${id(username)}/followers`, cursor));
export const listFollowing = (username, cursor) => api.get(paged(`${P}/profiles/${id(username)}/following`, cursor));
/** Resolves to { profile, state }: `requested` until they confirm. */
export const follow = (username) => api.post(`${P}/follows`, { username });
/** Cancels my request, or stops following. */
export const unfollow = (username) => api.delete(`${P}/follows/${id(username)}`);
export const listFollowRequests = (cursor) => api.get(paged(`${P}/follow-requests`, cursor));
export const confirmFollowRequest = (username) => api.post(`${P}/follow-requests/${id(username)}/confirm`);
export const deleteFollowRequest = (username) => api.delete(`${P}/follow-requests/${id(username)}`);
export const removeFollower = (username) => api.delete(`${P}/followers/${id(username)}`);
/** People matching q (1–50 characters), with where I stand with each: { items: [{ profile, state }] }. */
export const searchPeople = (q, { signal } = {}) => api.get(`${P}/people?${new URLSearchParams({ q })}`, { signal });

// ---- posts ----
/**
 * draft: { caption, media: [{ display, thumbnail }] } of upload ids; resolves to the post. Pass
 * the same idempotencyKey when trying the same draft again.
 */
export const createPost = (draft, { idempotencyKey } = {}) => api.post(`${P}/posts`, draft, { idempotencyKey });
export const getPost = (postId) => api.get(`${P}/posts/${id(postId)}`);
export const editCaption = (postId, caption) => api.patch(`${P}/posts/${id(postId)}`, { caption });
export const deletePost = (postId) => api.delete(`${P}/posts/${id(postId)}`);
export const getFeed = (cursor) => api.get(paged(`${P}/feed`, cursor, FEED_PAGE));
export const listProfilePosts = (username, cursor) => api.get(paged(`${P}/profiles/${id(username)}/posts`, cursor, 30));
export const listSaved = (cursor) => api.get(paged(`${P}/saved`, cursor, 30));

// ---- reactions ----
/** Each resolves to { liked, likeCount }, the post's likes as the server now has them. */
export const like = (postId) => api.put(`${P}/posts/${id(postId)}/like`);
export const unlike = (postId) => api.delete(`${P}/posts/${id(postId)}/like`);
export const listLikes = (postId, cursor) => api.get(paged(`${P}/posts/${id(postId)}/likes`, cursor));
export const save = (postId) => api.put(`${P}/posts/${id(postId)}/save`);
export const unsave = (postId) => api.delete(`${P}/posts/${id(postId)}/save`);
/** A post's comments, oldest first; replies come separately (listReplies). */
export const listComments = (postId, cursor) => api.get(paged(`${P}/posts/${id(postId)}/comments`, cursor, 30));
export const listReplies = (commentId, cursor) => api.get(paged(`${P}/comments/${id(commentId)}/replies`, cursor, 30));
/** replyTo: a top-level comment's id, for a reply (one level only). */
export const comment = (postId, text, replyTo) =>
  api.post(`${P}/posts/${id(postId)}/comments`, replyTo ? { text, replyTo } : { text });
export const deleteComment = (commentId) => api.delete(`${P}/comments/${id(commentId)}`);

// ---- activity ----
/** { items: [{ id, kind, actors, actorCount, latestAt, unread, post?, commentId?, text? }], nextCursor? } */
export const listActivity = (cursor) => api.get(paged(`${P}/activity`, cursor, 30));
/** { count } */
export const getUnread = () => api.get(`${P}/activity/unread`);
/** Marks everything up to `through` (an ISO date) read; resolves to { count } still unread. */
export const markRead = (through) => api.post(`${P}/activity/read`, { through });

// ---- realtime ----
/** handler({ postId, author }) when someone I follow posts. Returns the unsubscribe. */
export const onPostCreated = (handler) => onEvent('kinnect.post.created', handler);
/** handler(unreadCount) when something new shows in my activity. */
export const onActivityCreated = (handler) => onEvent('kinnect.activity.created', (event) => handler(event.unreadCount));
/** handler() when someone asks to follow me, or accepts my request. */
export function onFollowsChanged(handler) {
  const offs = ['kinnect.follow.requested', 'kinnect.follow.accepted'].map((type) => onEvent(type, (event) => handler(event)));
  return () => offs.forEach((off) => off());
}

/** Whether a carousel item is a video (the display upload is the video, the thumbnail its poster). */
export const isVideo = (media) => media?.kind === 'mp4' || media?.kind === 'quicktime';
