// One photo or video of the post being composed: made ready (renditions.js), then uploaded as
// two media items (display and thumbnail, or video and poster) with progress. A failed upload
// keeps what was already stored and its Idempotency-Keys, so Retry sends only what is missing and
// the server never stores the same bytes twice.
import { newId } from '../../device.js';
import * as kindred from '../../kindred-client.js';
import { UnusableFile, photoRenditions, videoRenditions } from './renditions.js';

/** Failures that a second try may not repeat: no answer, a busy key, too many requests, a server error. */
const mightWorkLater = (err) => err.isNetworkError || [408, 409, 429].includes(err.status) || err.status >= 500;

/**
 * createItem(file, kind, onChange) -> the item: { key, file, kind, state, progress, error,
 * retryable, preview, ids, start(), retry(), forget(), abort() }. state: waiting | preparing |
 * uploading | done | error. onChange(item) after every change.
 */
export function createItem(file, kind, onChange) {
  const item = {
    key: newId(), file, kind, state: 'waiting', progress: 0, error: '', retryable: false,
    preview: kind === 'photo' ? URL.createObjectURL(file) : null,
    blobs: null, // { display, thumbnail }
    ids: { display: null, thumbnail: null },
    idempotency: { display: newId(), thumbnail: newId() },
    controller: null,
  };
  const set = (changes) => { Object.assign(item, changes); onChange(item); };

  async function prepare() {
    if (item.blobs) return;
    set({ state: 'preparing', progress: 0, error: '' });
    if (kind === 'photo') {
      item.blobs = await photoRenditions(file);
    } else {
      const { poster } = await videoRenditions(file);
      item.blobs = { display: file, thumbnail: poster };
    }
    // The preview shows what will be posted: the rotated photo or the video's poster.
    if (item.preview) URL.revokeObjectURL(item.preview);
    item.preview = URL.createObjectURL(item.blobs.thumbnail);
  }

  async function upload() {
    const parts = ['display', 'thumbnail'];
    const total = parts.reduce((sum, part) => sum + item.blobs[part].size, 0);
    let sent = parts.filter((part) => item.ids[part]).reduce((sum, part) => sum + item.blobs[part].size, 0);
    set({ state: 'uploading', progress: sent / total, error: '' });
    for (const part of parts) {
      if (item.ids[part]) continue;
      const blob = item.blobs[part];
      item.controller = new AbortController();
      const media = await kindred.uploadMedia(blob, {
        idempotencyKey: item.idempotency[part], signal: item.controller.signal,
        onProgress: (f) => set({ progress: (sent + f * blob.size) / total }),
      });
      item.ids[part] = media.id;
      sent += blob.size;
    }
    set({ state: 'done', progress: 1 });
  }

  /** Make ready and upload; never rejects (the item's state and error say how it went). */
  item.start = async () => {
    try {
      await prepare();
      await upload();
    } catch (err) {
      if (err.name === 'AbortError' || item.state === 'removed') return;
      // A file the browser or the server can't use fails the same way again: only Remove helps.
      const retryable = !(err instanceof UnusableFile) && (!err.status || mightWorkLater(err));
      const message = err.isTimeout ? 'The upload stopped making progress. Check your connection, then retry.'
        : err.detail || err.message || 'The upload failed.';
      set({ state: 'error', error: message, retryable });
    }
  };
  item.retry = () => { set({ state: 'waiting', error: '' }); };
  /** The server refused what was uploaded (e.g. already in use): upload it again, as new media. */
  item.forget = (message) => {
    item.ids = { display: null, thumbnail: null };
    item.idempotency = { display: newId(), thumbnail: newId() };
    set({ state: 'error', error: message, retryable: true });
  };
  item.abort = () => {
    item.state = 'removed';
    item.controller?.abort();
    if (item.preview) URL.revokeObjectURL(item.preview);
  };
  return item;
}
