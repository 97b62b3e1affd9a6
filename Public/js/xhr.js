// fetch() can't report upload progress, so uploads go through XMLHttpRequest. This wraps one
// POST in a promise of a standard Response, so api.js handles it like any fetch result.

/** Resolves to a Response; rejects with a TypeError (network) or an AbortError DOMException. */
export function xhrPost(url, body, { headers = {}, onProgress, signal } = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress?.(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i > 0) responseHeaders.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      }
      // A Response can't carry a body for these statuses.
      const empty = [204, 205, 304].includes(xhr.status);
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders }));
    };
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
