// Memories' calls to the API and its realtime events, in one place, so screens speak in app
// terms (friends, books, pages, letters) and never build paths or name wire events.
import { api } from '../../api.js';
import { uploadMedia } from '../../kindred-client.js';
import { onEvent } from '../../realtime.js';

const P = '/memories';
const id = (value) => encodeURIComponent(value);

/** path?limit=…&cursor=…: Kindred's one paging shape (openapi.yaml "Lists"). */
function paged(path, cursor, limit, extra = {}) {
  const query = new URLSearchParams(extra);
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Summaries are small: a hundred at a time opens a long book in a couple of requests. */
export const CONTENTS_PAGE = 100;

// ---- friends ----
/** Resolves to { status, body: { state: requested | friends, profile, request?, friend? } }. */
export const askFriend = (username) => api.post(`${P}/friend-requests`, { username }, { withStatus: true });
/** direction: incoming | outgoing; { items: [{ profile, direction, createdAt }], nextCursor? } */
export const listRequests = (direction, cursor) => api.get(paged(`${P}/friend-requests`, cursor, 50, { direction }));
/** Resolves to the friendship: { profile, since, book }. */
export const acceptRequest = (username) => api.post(`${P}/friend-requests/${id(username)}/accept`);
/** Cancels my request, or declines theirs. */
export const deleteRequest = (username) => api.delete(`${P}/friend-requests/${id(username)}`);
export const listFriends = (cursor) => api.get(paged(`${P}/friends`, cursor, 50));
/** Ends the friendship; our book is archived, still readable by both. */
export const unfriend = (username) => api.delete(`${P}/friends/${id(username)}`);

// ---- books ----
export const listBooks = (cursor) => api.get(paged(`${P}/books`, cursor, 50));
export const getBook = (bookId) => api.get(`${P}/books/${id(bookId)}`);
/** changes: { title, coverColor, coverPhotoId, removeCoverPhoto }; resolves to the book. */
export const editBook = (bookId, changes) => api.patch(`${P}/books/${id(bookId)}`, changes);
export const markBookRead = (bookId) => api.post(`${P}/books/${id(bookId)}/read`);
/** The book's contents in book order: { items: [MemoriesPageSummary], nextCursor? }. */
export const listPages = (bookId, cursor) => api.get(paged(`${P}/books/${id(bookId)}/pages`, cursor, CONTENTS_PAGE));
/** A new shared memory page at the end of the book; resolves to its detail. */
export const addMemoryPage = (bookId, canvas) => api.post(`${P}/books/${id(bookId)}/pages`, canvas ? { canvas } : {});
export const listDrafts = (bookId, cursor) => api.get(paged(`${P}/books/${id(bookId)}/drafts`, cursor, 50));
/** A new letter, mine alone until sent; resolves to its detail (revision 1). */
export const startLetter = (bookId, canvas) => api.post(`${P}/books/${id(bookId)}/drafts`, canvas ? { canvas } : {});

// ---- pages ----
/** { id, bookId, kind, state, author, revision, seq, canvas, media: [Media], … } */
export const getPage = (pageId, { signal } = {}) => api.get(`${P}/pages/${id(pageId)}`, { signal });
/** Saves a draft whole; resolves to { revision, updatedAt }. A 409 means reload (or it was sent). */
export const saveDraft = (draftId, revision, canvas) =>
  api.put(`${P}/drafts/${id(draftId)}?revision=${encodeURIComponent(revision)}`, canvas);
/** Sends a letter: from now on it can't change. Resolves to the sent page. */
export const sendLetter = (draftId) => api.post(`${P}/drafts/${id(draftId)}/send`);
export const deleteDraft = (draftId) => api.delete(`${P}/drafts/${id(draftId)}`);
/** Resolves to { seq, operations: [{ seq, by, operation }] }. */
export const applyOperations = (pageId, operations) => api.post(`${P}/pages/${id(pageId)}/operations`, { operations });
/** Where my pointer is on a memory page (page units), or editing: false when I leave. */
export const sendPresence = (pageId, presence) => api.post(`${P}/pages/${id(pageId)}/presence`, presence);

// ---- activity ----
export const listActivity = (cursor) => api.get(paged(`${P}/activity`, cursor, 30));
/** { count } */
export const getUnread = () => api.get(`${P}/activity/unread`);
export const markActivityRead = (through) => api.post(`${P}/activity/read`, { through });

// ---- media ----
/** A photo's bytes with progress; resolves to the stored media ({ id, url, … }). */
export const uploadPhoto = (blob, { onProgress, signal, idempotencyKey } = {}) =>
  uploadMedia(blob, { onProgress, signal, idempotencyKey });

// ---- realtime ----
/** handler(request) when someone asks me to be friends. */
export const onFriendRequested = (handler) => onEvent('memories.friend.requested', (event) => handler(event.request));
/** handler(friend: { profile, since, book }) on both sides when a request is accepted. */
export const onBookCreated = (handler) => onEvent('memories.book.created', (event) => handler(event.friend));
/** handler(book) when a title or cover changes, or the book is archived. */
export const onBookUpdated = (handler) => onEvent('memories.book.updated', (event) => handler(event.book));
/** handler(summary) when the friend sends a letter or adds a memory page. */
export const onPageAdded = (handler) => onEvent('memories.page.added', (event) => handler(event.page));
/** handler({ pageId, bookId, seq, operations }) when a memory page's operations are sequenced. */
export const onPageChanged = (handler) => onEvent('memories.page.changed', handler);
/** handler({ pageId, profile, editing, x, y }) when the friend moves on a memory page. */
export const onPresence = (handler) => onEvent('memories.presence.updated', handler);

/** Server ids are UUIDs in capitals; compare them whatever their case. */
export const sameId = (a, b) => String(a || '').toUpperCase() === String(b || '').toUpperCase();
