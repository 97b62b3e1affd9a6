// ApiError: what every failed Kindred API call becomes, whether the server answered with an
// RFC 9457 problem, with something else, or not at all (network down: status 0).

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
  get isNetworkError() { return this.status === 0; }
}

export function networkError(requestId) {
  return new ApiError({ status: 0, type: 'about:blank#network', title: 'Network error', requestId,
    detail: 'Kindred could not be reached. Check your connection and try again.' });
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
    detail: problem.detail || (retryAfter ? `Too many attempts. Try again in ${retryAfter} seconds.` : '')
      || problem.title || `The request failed (${res.status}).`,
    errors: problem.errors,
    requestId: problem.requestId || res.headers.get('X-Request-ID'),
    retryAfter,
  });
}
