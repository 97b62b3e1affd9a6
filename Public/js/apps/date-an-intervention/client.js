// Date An Intervention's calls to the API, in one place, so screens speak in app terms
// (deck, swipe, chat) and never build paths themselves.
import { api } from '../../api.js';

const P = '/date-an-intervention';
const id = (value) => encodeURIComponent(value);
const withCategory = (path, category, extra = {}) => {
  const query = new URLSearchParams(extra);
  if (category) query.set('category', category);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

// The catalogue is the same for everyone and changes only with a server release: one read per
// page load is plenty. A failed read is forgotten, so the next screen tries again.
let catalogueOnce = null;

/** { version, categories: [{ id, name, count }], interventions: [...] } */
export function catalogue() {
  catalogueOnce ??= api.get(`${P}/interventions`).catch((err) => { catalogueOnce = null; throw err; });
  return catalogueOnce;
}

export const getDeck = (category, limit = 10) => api.get(withCategory(`${P}/deck`, category, { limit }));
export const swipe = (interventionId, direction) => api.post(`${P}/swipes`, { interventionId, direction });
export const undoSwipe = () => api.delete(`${P}/swipes/last`);
export const resetDeck = (category) => api.post(`${P}/deck/reset`, category ? { category } : {});
/** My likes and super-likes, newest first, a page at a time:
 * { items: [{ intervention, direction, matchedAt, lastMessage? }], nextCursor? }. */
export const getMatches = (cursor) => api.get(cursor ? `${P}/matches?cursor=${id(cursor)}` : `${P}/matches`);
export const getStats = () => api.get(`${P}/stats`);
/** { intervention, swipe?, swipedAt? } */
export const getIntervention = (interventionId) => api.get(`${P}/interventions/${id(interventionId)}`);
export const getChat = (interventionId) => api.get(`${P}/chats/${id(interventionId)}`);

/**
 * Send a message; yields the parsed ChatStreamEvents ({ type: message | delta | reply | error }).
 * The same clientMessageId on a resend never saves a second copy.
 */
export function sendMessage(interventionId, text, clientMessageId, { signal } = {}) {
  return chatEvents(api.stream(`${P}/chats/${id(interventionId)}/messages`, { text, clientMessageId }, { signal }));
}

/** Ask again for a reply to my last unanswered message; yields like sendMessage, minus `message`. */
export function retryReply(interventionId, { signal } = {}) {
  return chatEvents(api.stream(`${P}/chats/${id(interventionId)}/retry`, undefined, { signal }));
}

async function* chatEvents(events) {
  for await (const { event, data } of events) {
    let payload;
    try { payload = JSON.parse(data); } catch { continue; } // a line we can't read can't help us
    yield { ...payload, type: payload.type || event };
  }
}

/** Whether a swipe direction made a match. */
export const isMatch = (direction) => direction === 'like' || direction === 'superlike';
