// The HTTP layer under every Kindred API call: the headers the API expects (a request id, an
// Idempotency-Key on every POST, the bearer token it is given), a time limit on everything
// (timeouts.js), and every failure as an ApiError, "the network is down" included. It knows
// nothing of sessions: session.js decides which token to send and when to refresh.
import { newId } from './device.js';
import { ApiError, networkError, timeoutError, toError } from './errors.js';
import { createSseParser } from './sse.js';
import { idleDeadline, timeoutMs } from './timeouts.js';
import { xhrPost } from './xhr.js';

const BASE = '/api/v1';
const PROBLEM = 'application/problem+json';

/**
 * One HTTP exchange. The whole answer is read within the request deadline (headers can arrive
 * and the body then stall), so callers get a Response whose body is already here. `streaming`
 * answers are handed over as soon as their headers arrive; readEvents() then watches the body.
 */
export async function send(method, path, { body, token, idempotencyKey, headers = {}, signal, streaming = false,
  limitMs = timeoutMs('requestMs') } = {}) {
  const requestId = newId();
  const all = { Accept: `application/json, ${PROBLEM}`, 'X-Request-ID': requestId, ...headers };
  if (method === 'POST') all['Idempotency-Key'] = idempotencyKey || newId();
  if (token) all.Authorization = `Bearer ${token}`;
  let payload;
  if (body !== undefined) {
    all['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const deadline = idleDeadline(limitMs, signal);
  try {
    const res = await fetch(BASE + path, { method, headers: all, body: payload, signal: deadline.signal,
      credentials: 'same-origin', cache: 'no-store' });
    if (streaming) return res;
    const data = [204, 205, 304].includes(res.status) ? null : await res.blob();
    return new Response(data, { status: res.status, statusText: res.statusText, headers: res.headers });
  } catch (err) {
    if (deadline.timedOut) throw timeoutError(requestId);
    if (err.name === 'AbortError') throw err;
    throw networkError(requestId);
  } finally {
    deadline.stop(); // a stream keeps its link to `signal`, so leaving still closes it
    if (!streaming) deadline.release();
  }
}

/** GET for binary content (e.g. a PNG): accepts anything, and problem+json when it fails. */
export const sendForBlob = (path, { token, signal } = {}) =>
  send('GET', path, { token, signal, headers: { Accept: `*/*, ${PROBLEM}` } });

/**
 * POST raw bytes with upload progress: onProgress(fraction 0..1). It fails with a timeout
 * ApiError when nothing moves for a while (timeouts.js) rather than waiting forever.
 */
export function sendUpload(path, blob, { token, idempotencyKey, onProgress, signal } = {}) {
  const requestId = newId();
  const headers = { 'Content-Type': 'application/octet-stream', Accept: `application/json, ${PROBLEM}`,
    'Idempotency-Key': idempotencyKey, 'X-Request-ID': requestId };
  if (token) headers.Authorization = `Bearer ${token}`;
  return xhrPost(BASE + path, blob, { headers, onProgress, signal, idleMs: timeoutMs('uploadIdleMs') })
    .catch((err) => {
      if (err.name === 'TimeoutError') throw timeoutError(requestId);
      throw err.name === 'AbortError' ? err : networkError(requestId);
    });
}

/** The answer's JSON (null when there is none), or its ApiError. */
export async function readJson(res) {
  if (!res.ok) throw await toError(res);
  if (res.status === 204 || !/json/.test(res.headers.get('Content-Type') || '')) return null;
  return res.json();
}

export async function readBlob(res) {
  if (!res.ok) throw await toError(res);
  return res.blob();
}

/**
 * A POST answered with Server-Sent Events, yielding { event, data, id } as each event arrives.
 * open({ headers, signal }) sends the request with these (through send(), `streaming: true`);
 * until the headers arrive the request deadline applies, then the stream may idle only so long.
 * A connection lost mid-stream is a network ApiError; leaving the loop early or aborting
 * `signal` closes the connection.
 */
export async function* readEvents(open, { signal } = {}) {
  // The API checks that a client can read its problem+json answers, so ask for both.
  const headers = { Accept: `text/event-stream, application/json, ${PROBLEM}` };
  const idle = idleDeadline(timeoutMs('streamIdleMs'), signal);
  try {
    const res = await open({ headers, signal: idle.signal });
    if (!res.ok) throw await toError(res);
    const requestId = res.headers.get('X-Request-ID');
    if (!/^text\/event-stream/.test(res.headers.get('Content-Type') || '') || !res.body) {
      throw new ApiError({ status: res.status, title: 'Unexpected answer', requestId,
        detail: 'The server answered, but not with the stream this page expected. Try again.' });
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const ready = [];
    const parser = createSseParser((event) => ready.push(event));
    try {
      for (;;) {
        idle.touch();
        let chunk;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (idle.timedOut) throw timeoutError(requestId);
          throw err.name === 'AbortError' ? err : networkError(requestId);
        }
        if (chunk.done) { parser.end(); break; }
        parser.push(chunk.value);
        while (ready.length) yield ready.shift();
      }
    } finally {
      reader.cancel().catch(() => {}); // no-op after the end; closes the connection when left early
    }
  } finally {
    idle.stop();
    idle.release();
  }
}
