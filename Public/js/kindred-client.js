// Kindred's own calls to the API (account, sessions, media, realtime), in one place, so the
// shell's pages speak in account terms and never build paths; each app has its own client.js.
// Signing up, in and out go through auth-flows.js, which starts and ends the session around them.
// The session's raw cookie exchanges (refresh, finishing a pending sign-out) stay in the session
// layer: they must not go through the refresh-and-retry of api.js.
import { api } from './api.js';
import { installationId } from './installation.js';

const id = (value) => encodeURIComponent(value);

// ---- for auth-flows.js ----
/** fields: { email, username, displayName?, password, device, refreshTokenDelivery }; this browser's installation id is added. */
/** Resolves to { status, body }: 201 with the session, or 202 with { email } where the server confirms addresses first. */
export const signUp = (fields) => api.post('/auth/sign-up', { ...fields, installation: installationId() }, { auth: false, withStatus: true });
export const signIn = (fields) => api.post('/auth/sign-in', { ...fields, installation: installationId() }, { auth: false });
export const signOut = ({ limitMs } = {}) => api.post('/auth/sign-out', undefined, { limitMs });

// ---- the account ----
export const getMe = () => api.get('/me');
/** changes: { displayName, username, bio, avatarId, removeAvatar }; resolves to the account. */
export const updateProfile = (changes, { signal } = {}) => api.patch('/me', changes, { signal });
export const deleteAccount = () => api.delete('/me');
/**
 * Moves the account to a new address; needs the password. Resolves to { status, body }: 200 with
 * the account (moved at once, the new address unverified and sent a link), or 202 with { email }
 * where the server confirms addresses: a link went there and the address changes when it is opened.
 */
export const changeEmail = (email, password) => api.put('/me/email', { email, password }, { withStatus: true });
/** E-mails a new link for proving the account's address (409 when verified already). */
export const sendEmailVerification = () => api.post('/me/email-verification');
/** Starts "Download my data" (or answers the one being built): { id, status, done, total, … }. */
export const requestDataExport = () => api.post('/me/data-export');
/** The latest export while it is built or downloadable ({ status, done, total, url?, expiresAt?, byteCount? }); 404 when none. */
export const getDataExport = () => api.get('/me/data-export');

// ---- notifications ----
/** { kinds: [{ kind, app, label, enabled }], webPushKey }. */
export const getNotificationSettings = () => api.get('/me/notifications');
/** changes: [{ kind, enabled }]; resolves to the settings as they now are. */
export const updateNotificationSettings = (changes) => api.patch('/me/notifications', { kinds: changes });
/** subscription: a PushSubscription's { endpoint, keys: { p256dh, auth } }. */
export const registerPushDevice = (subscription) => api.put('/me/push-device', { webPush: subscription });
/** This session's push device ({ kind, createdAt }); 404 when nothing is pushed here. */
export const getPushDevice = () => api.get('/me/push-device');
export const deletePushDevice = () => api.delete('/me/push-device');

// ---- e-mailed links ----
// No session: a link may be opened on another device, or by someone who can't sign in.
/** Answers the same whether or not an account has the address, so nothing comes back. */
export const requestPasswordReset = (email) => api.post('/auth/password-reset', { email }, { auth: false });
/** Ends every session of the account, this browser's too. */
export const resetPassword = (token, password) => api.post('/auth/password-reset/confirm', { token, password }, { auth: false });
/** Resolves to { email }: the address the link proved. */
/** Proves an address with a link's token; a sign-up's link also needs (and sets) the account's password. */
export const confirmEmailVerification = (token, password) =>
  api.post('/auth/email-verification/confirm', password === undefined ? { token } : { token, password }, { auth: false });

// ---- sessions ----
const paged = (path, cursor) => (cursor ? `${path}?cursor=${id(cursor)}` : path);

/** Devices signed in to this account, a page at a time:
 * { items: [{ id, device, current, createdAt, lastUsedAt }], nextCursor? }. */
export const listSessions = (cursor) => api.get(paged('/me/sessions', cursor));
export const revokeSession = (sessionId) => api.delete(`/me/sessions/${id(sessionId)}`);
/** Resolves to { revoked }: how many other devices were signed out. */
export const revokeOtherSessions = () => api.post('/me/sessions/revoke-others');

// ---- alerts about the account ----
/** { items: [{ id, kind: new_device | sessions_revoked, device, count?, createdAt, answeredAt?, answer?, isThisDevice }], nextCursor? } */
export const listAlerts = (cursor) => api.get(paged('/me/alerts', cursor));
/** wasMe: false ends every other session (refused, 409, from the device the alert is about). */
export const answerAlert = (alertId, wasMe) => api.post(`/me/alerts/${id(alertId)}/answer`, { wasMe });

// ---- media ----
/** A photo's bytes, with progress (api.js upload); resolves to the stored media ({ id, … }). */
export const uploadMedia = (blob, { onProgress, signal, idempotencyKey } = {}) =>
  api.upload('/media', blob, { onProgress, signal, idempotencyKey });

// ---- realtime ----
/** A single-use ticket ({ ticket, path? }) for opening the realtime WebSocket. */
export const createRealtimeTicket = () => api.post('/realtime/tickets');

// ---- blocking and reporting ----
/** The people I blocked, most recent first, a page at a time: { items: [{ profile, blockedAt }], nextCursor? }. */
export const listBlocked = (cursor) => api.get(paged('/blocks', cursor));
/** Blocks someone by username; resolves to { profile, blockedAt }. Blocking again changes nothing. */
export const block = (username) => api.post('/blocks', { username });
export const unblock = (username) => api.delete(`/blocks/${id(username)}`);
/** target: { kind: 'profile', id: username } or an app's { kind, id }; reason: one of REPORT_REASONS. */
export const report = (target, reason, note) => api.post('/reports', note ? { target, reason, note } : { target, reason });
