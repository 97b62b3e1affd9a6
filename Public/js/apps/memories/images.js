// The photos pages show, loaded once per media id and shared by every page drawn on a screen.
// A page's `media` list carries each photo's signed URL; the canvas names photos by media id.

/**
 * createImageStore() -> { remember(mediaList), knows(mediaId), get(mediaId), ready(canvas), onLoad(fn) }.
 * get() answers the loaded <img> or null (loading starts then); onLoad(fn) hears of each
 * arrival, so a screen draws its pages again as their photos come in.
 */
export function createImageStore() {
  const urls = new Map(); // MEDIA-ID -> signed url
  const images = new Map(); // MEDIA-ID -> { img, loaded, failed, promise }
  const listeners = new Set();
  // Photos asked for before their URL was known (a friend's photo arrives as an operation, its URL
  // a moment later with the page): loaded as soon as remember() brings the URL, so onLoad() fires
  // and the screen draws them without waiting for some other change.
  const wanted = new Set();
  const key = (id) => String(id || '').toUpperCase();

  function load(id) {
    const k = key(id);
    if (images.has(k)) return images.get(k);
    const url = urls.get(k);
    if (!url) { wanted.add(k); return null; }
    wanted.delete(k);
    const img = new Image();
    img.decoding = 'async';
    const entry = { img, loaded: false, failed: false, promise: null };
    entry.promise = new Promise((resolve) => {
      img.addEventListener('load', () => { entry.loaded = true; resolve(); listeners.forEach((fn) => fn(k)); }, { once: true });
      img.addEventListener('error', () => { entry.failed = true; resolve(); }, { once: true });
    });
    img.src = url;
    images.set(k, entry);
    return entry;
  }

  return {
    /** Keep the signed URLs of a page's photos (a fresher URL replaces a failed load). */
    remember(media = []) {
      for (const item of media) {
        const k = key(item.id);
        if (!item.url) continue;
        if (images.get(k)?.failed) images.delete(k);
        urls.set(k, item.url);
        if (wanted.has(k)) load(k);
      }
    },
    /** Whether this photo's URL is known here (loaded or not). */
    knows: (mediaId) => urls.has(key(mediaId)),
    get(mediaId) {
      const entry = load(mediaId);
      return entry?.loaded ? entry.img : null;
    },
    /** Resolves once every photo on `canvas` has loaded (or failed): for print and comparisons. */
    ready(canvas) {
      const waits = canvas.elements.filter((e) => e.type === 'photo').map((e) => load(e.mediaId)?.promise).filter(Boolean);
      return Promise.all(waits);
    },
    onLoad(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
