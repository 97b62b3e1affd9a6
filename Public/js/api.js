// The calls every client module makes (kindred-client.js, each app's client.js): the HTTP layer
// (http.js) with the session's token, and one refresh and resend on a 401 (session.js).
// Pages and screens don't call these with paths: they call their client's functions.
import { newId } from './device.js';
import { readBlob, readEvents, readJson, send, sendForBlob, sendUpload } from './http.js';
import { withAuth } from './session.js';

/**
 * Options: { auth = true, headers, signal, withStatus = false, limitMs, idempotencyKey }. Resolves
 * to JSON or null, or with withStatus to { status, body } for APIs where 200 and 201 mean
 * different things (e.g. "already connected" vs "now connected"). A POST gets a fresh
 * Idempotency-Key unless it passes the key of an earlier try of the very same request, so a
 * server that did act on that try answers as it did then instead of acting twice.
 */
async function request(method, path, body, { auth = true, headers, signal, withStatus = false, limitMs, idempotencyKey: key } = {}) {
  const idempotencyKey = method === 'POST' ? key || newId() : undefined; // same key on the retry
  const res = await withAuth(auth, (token) => send(method, path, { body, token, idempotencyKey, headers, signal, limitMs }));
  const data = await readJson(res);
  return withStatus ? { status: res.status, body: data } : data;
}

/**
 * GET binary content (e.g. a PNG) with the bearer token, for things an <img>/<a href> can't
 * fetch themselves because they need Authorization. Resolves to a Blob; failures are ApiErrors.
 */
async function getBlob(path, { signal } = {}) {
  return readBlob(await withAuth(true, (token) => sendForBlob(path, { token, signal })));
}

/**
 * POST raw bytes (e.g. a photo) with upload progress (http.js sendUpload). Pass the same
 * `idempotencyKey` to retry the same upload: a server that already stored it answers with the
 * stored result instead of storing it twice. withStatus, as for request(): { status, body }, for
 * an upload whose 200 and 202 mean different things (a file imported before, a new import).
 */
async function upload(path, blob, { onProgress, signal, idempotencyKey = newId(), withStatus = false } = {}) {
  const res = await withAuth(true, (token) => sendUpload(path, blob, { token, idempotencyKey, onProgress, signal }));
  const data = await readJson(res);
  return withStatus ? { status: res.status, body: data } : data;
}

/**
 * POST JSON and read a Server-Sent Events answer (http.js readEvents):
 * `for await (const { event, data } of api.stream(path, body)) …`. Until the stream starts it is
 * an ordinary call: bearer token, one refresh and resend on a 401, problem+json as ApiError.
 */
function stream(path, body, { signal } = {}) {
  const idempotencyKey = newId();
  return readEvents(({ headers, signal: streamSignal }) => withAuth(true, (token) => send('POST', path,
    { body, token, idempotencyKey, headers, signal: streamSignal, streaming: true })), { signal });
}

export const api = {
  get: (path, opts) => request('GET', path, undefined, opts),
  getBlob,
  stream,
  post: (path, body, opts) => request('POST', path, body, opts),
  put: (path, body, opts) => request('PUT', path, body, opts),
  patch: (path, body, opts) => request('PATCH', path, body, opts),
  delete: (path, opts) => request('DELETE', path, undefined, opts),
  upload,
};
