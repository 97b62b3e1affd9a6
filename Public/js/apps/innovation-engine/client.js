// Innovation Engine's calls to the API and its realtime events, in one place, so screens speak
// in app terms (code, connection, network) and never build paths or name wire events.
import { api } from '../../api.js';
import { onEvent } from '../../realtime.js';

const P = '/innovation-engine';
const id = (value) => encodeURIComponent(value);

/** My code: { link, svg }. */
export const getCode = () => api.get(`${P}/code`);
/** A new code for me; the old QR code and link stop working at once. Resolves like getCode. */
export const rotateCode = () => api.post(`${P}/code/rotate`);
/** My QR code as a PNG Blob: it needs the bearer token, so an <a href> can't fetch it itself. */
export const getCodePng = () => api.getBlob(`${P}/code.png`);
/** Whose code this is, before connecting: { person, connected }. Signed out too. */
export const previewCode = (code) => api.get(`${P}/codes/${id(code)}`);

/** My connections, newest first, a page at a time: { items: [{ id, person, note, … }], nextCursor? }. */
export const listConnections = (cursor) =>
  api.get(cursor ? `${P}/connections?cursor=${id(cursor)}` : `${P}/connections`);

/** Connect with a code's owner: { created } is false when we were already connected. */
export async function createConnection(code) {
  const { status, body } = await api.post(`${P}/connections`, { code }, { withStatus: true });
  return { created: status === 201, connection: body };
}

/** changes: { note }; resolves to the connection. */
export const updateConnection = (connectionId, changes) => api.patch(`${P}/connections/${id(connectionId)}`, changes);
/** Removes it for both people. */
export const removeConnection = (connectionId) => api.delete(`${P}/connections/${id(connectionId)}`);
/** The constellation: { me, people, links, positions }. */
export const getNetwork = () => api.get(`${P}/network`);

/** handler() whenever one of my connections is made or removed, here or elsewhere; returns the unsubscribe. */
export function onConnectionsChanged(handler) {
  const offs = ['innovation-engine.connection.created', 'innovation-engine.connection.removed'].map((type) => onEvent(type, () => handler()));
  return () => offs.forEach((off) => off());
}
