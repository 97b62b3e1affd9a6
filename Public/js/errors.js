// ApiError: what every failed Kindred API call becomes, whether the server answered with an
// RFC 9457 problem, with something else, or not at all (network down: status 0).

const TIMEOUT_TYPE = 'about:blank#timeout';
const INVALID_LINK_TYPE = 'https://kindred.app/problems/invalid-link';

export class ApiError extends Error {
  constructor({ status = 0, type = 'about:blank', title = 'Error', detail = '', errors = [],
    requestId = null, retryAfter = null } = {}) {
    super(detail || title);
    this.name = 'ApiError';
    Object.assign(this, { status, type, title, detail, requestId, retryAfter });
    this.errors = Array.isArray(errors) ? errors : [];
    // { username: 'Already taken', ... }: keyed by the last segment of the field path so
    // "username", "body.username" and "/username" all land on the same form field.
    this.fieldErrors = {};
    for (const { field = '', message } of this.errors) {
      const key = String(field).split(/[./]/).filter(Boolean).pop() || '';
      if (!(key in this.fieldErrors)) this.fieldErrors[key] = message;
    }
  }
  /** No answer at all: offline, dropped, or timed out. Worth a retry. */
  get isNetworkError() { return this.status === 0; }
  get isTimeout() { return this.type === TIMEOUT_TYPE; }
  /** An e-mailed link that expired, was used already, or was never sent: only a new link helps. */
  get isInvalidLink() { return this.type === INVALID_LINK_TYPE; }
}

export function networkError(requestId) {
  return new ApiError({ status: 0, type: 'about:blank#network', title: 'Network error', requestId,
    detail: 'Kindred could not be reached. Check your connection and try again.' });
}

/** The request got no answer in time (see timeouts.js); like a network error, a retry may work. */
export function timeoutError(requestId) {
  return new ApiError({ status: 0, type: TIMEOUT_TYPE, title: 'Timed out', requestId,
    detail: 'Kindred took too long to answer. Check your connection and try again.' });
}

/**
 * A wait in seconds as people say it: 896 -> "about 15 minutes", 40 -> "less than a minute".
 * Retry-After stays in seconds on the wire; nobody wants to read "896 seconds".
 */
export function formatWait(seconds) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  if (s < 50) return 'less than a minute';
  if (s < 90) return 'about a minute';
  if (s < 50 * 60) return `about ${Math.round(s / 60)} minutes`;
  if (s < 90 * 60) return 'about an hour';
  if (s < 36 * 3600) return `about ${Math.round(s / 3600)} hours`;
  return `about ${Math.round(s / 86400)} days`;
}

/** The server's own words, except that a bare "in 896 seconds" becomes "in about 15 minutes". */
function humanDetail(detail, retryAfter) {
  if (!detail || !retryAfter) return detail;
  return detail.replace(/\bin (\d+) seconds?\b/, () => `in ${formatWait(retryAfter)}`);
}

export async function toError(res) {
  let problem = {};
  if (/json/.test(res.headers.get('Content-Type') || '')) {
    try { problem = await res.json(); } catch { /* a broken body still gives us the status */ }
  }
  const retryAfter = Number(res.headers.get('Retry-After')) || null;
  return new ApiError({
    status: res.status,
    type: problem.type,
    title: problem.title || res.statusText || `HTTP ${res.status}`,
    detail: humanDetail(problem.detail, retryAfter) || (retryAfter ? `Too many attempts. Try again in ${formatWait(retryAfter)}.` : '')
      || problem.title || `The request failed (${res.status}).`,
    errors: problem.errors,
    requestId: problem.requestId || res.headers.get('X-Request-ID'),
    retryAfter,
  });
}
