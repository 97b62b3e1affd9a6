// fetch() can't report upload progress, so uploads go through XMLHttpRequest. This wraps one
// POST in a promise of a standard Response, so http.js handles it like any fetch result.

/**
 * Resolves to a Response; rejects with a TypeError (network), an AbortError DOMException
 * (`signal` aborted) or a TimeoutError DOMException: nothing moved for `idleMs` (no upload
 * progress, then no answer), so a stalled upload fails instead of sitting at 100% forever.
 */
export function xhrPost(url, body, { headers = {}, onProgress, signal, idleMs = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let timer = null;
    const onAbort = () => xhr.abort();
    const alive = () => {
      if (!idleMs) return;
      clearTimeout(timer);
      timer = setTimeout(() => { stalled = true; xhr.abort(); }, idleMs);
    };
    const settle = (fn, value) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn(value);
    };
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      alive();
      onProgress?.(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    };
    xhr.upload.onload = () => { alive(); onProgress?.(1); }; // every byte sent: now the answer's clock runs
    xhr.onprogress = alive; // the answer is arriving
    xhr.onerror = () => settle(reject, new TypeError('Network request failed'));
    xhr.onabort = () => settle(reject, stalled
      ? new DOMException('The upload stopped making progress', 'TimeoutError')
      : new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i > 0) responseHeaders.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      }
      // A Response can't carry a body for these statuses.
      const empty = [204, 205, 304].includes(xhr.status);
      settle(resolve, new Response(empty ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders }));
    };
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
    alive();
  });
}
