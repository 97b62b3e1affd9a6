// One book's pages for the viewer: the contents (small summaries, loaded a hundred at a time,
// the first hundred before anything shows and the rest behind it) and each page's full detail,
// fetched only when it is about to be seen, so a 200-page book opens as fast as a short one.
// Memory pages that change while the book is open are kept current from their operations.
import * as client from './client.js';
import { apply } from './canvas-model.js';
import { createImageStore } from './images.js';

const PARALLEL = 4;

/**
 * createPageStore(bookId, { onChange }) -> the store. onChange({ contents?, pageId? }) after
 * more contents arrive or a page's detail arrives or changes.
 */
export function createPageStore(bookId, { onChange }) {
  const summaries = [];
  const details = new Map(); // PAGEID -> detail
  const loading = new Map(); // PAGEID -> promise
  const images = createImageStore();
  let complete = false;
  let contentsPromise = null;
  let alive = true;
  const key = (id) => String(id).toUpperCase();

  function addSummaries(items) {
    const known = new Set(summaries.map((s) => key(s.id)));
    for (const item of items) if (!known.has(key(item.id))) summaries.push(item);
  }

  /** Resolves once the first page of contents is in; the rest keep coming in the background. */
  function start() {
    let resolveFirst;
    let rejectFirst;
    const first = new Promise((resolve, reject) => { resolveFirst = resolve; rejectFirst = reject; });
    contentsPromise = (async () => {
      let cursor;
      let firstDone = false;
      try {
        do {
          const page = await client.listPages(bookId, cursor);
          if (!alive) return;
          addSummaries(page.items);
          cursor = page.nextCursor;
          if (!firstDone) { firstDone = true; resolveFirst(); } else onChange({ contents: true });
        } while (cursor);
        complete = true;
        onChange({ contents: true });
      } catch (err) {
        if (!firstDone) rejectFirst(err);
        else throw err;
      }
    })();
    contentsPromise.catch(() => {}); // a later page failing leaves what we have; print() asks again
    return first;
  }

  /** Every summary, loading whatever is still missing (print needs them all). */
  async function allSummaries() {
    if (!complete) {
      await contentsPromise?.catch(() => {});
      if (!complete) {
        summaries.length = 0;
        let cursor;
        do {
          const page = await client.listPages(bookId, cursor);
          addSummaries(page.items);
          cursor = page.nextCursor;
        } while (cursor);
        complete = true;
      }
    }
    return summaries;
  }

  /** The page's detail, fetched once (a second caller shares the first fetch). */
  function detail(pageId) {
    const k = key(pageId);
    if (details.has(k)) return Promise.resolve(details.get(k));
    if (loading.has(k)) return loading.get(k);
    const promise = client.getPage(pageId).then((page) => {
      loading.delete(k);
      images.remember(page.media);
      details.set(k, page);
      if (alive) onChange({ pageId: k });
      return page;
    }, (err) => { loading.delete(k); throw err; });
    loading.set(k, promise);
    return promise;
  }

  /** Fetch these pages' details (the visible spread and its neighbours), a few at a time. */
  function prefetch(pageIds) {
    const wanted = pageIds.filter((id) => id && !details.has(key(id)) && !loading.has(key(id)));
    let i = 0;
    const next = () => (i < wanted.length ? detail(wanted[i++]).catch(() => {}).then(next) : null);
    for (let k = 0; k < Math.min(PARALLEL, wanted.length); k += 1) next();
  }

  /** Every page's detail, in book order, `PARALLEL` at a time; progress(done, total). */
  async function allDetails(progress) {
    const all = await allSummaries();
    const out = new Array(all.length);
    let done = 0;
    let i = 0;
    async function worker() {
      while (i < all.length) {
        const at = i++;
        out[at] = await detail(all[at].id);
        done += 1;
        progress?.(done, all.length);
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, all.length) }, worker));
    return out;
  }

  /** A memory page changed: apply its operations to the copy here, or forget the copy if one was missed. */
  function pageChanged(event) {
    const k = key(event.pageId);
    const page = details.get(k);
    if (!page) return;
    const ops = [...event.operations].sort((a, b) => a.seq - b.seq);
    let { canvas, seq } = page;
    for (const op of ops) {
      if (op.seq <= seq) continue;
      if (op.seq !== seq + 1) { details.delete(k); detail(event.pageId).catch(() => {}); return; }
      canvas = apply(canvas, op.operation);
      seq = op.seq;
    }
    const needsMedia = ops.some((op) => op.operation.kind === 'add' && op.operation.element?.type === 'photo');
    details.set(k, { ...page, canvas, seq });
    if (needsMedia) { details.delete(k); detail(event.pageId).catch(() => {}); return; } // fresh signed URLs
    onChange({ pageId: k });
  }

  /** A page was added (the friend's letter or page, or mine from another screen). */
  function added(summary) {
    const before = summaries.length;
    addSummaries([summary]);
    if (summaries.length !== before) onChange({ contents: true });
  }

  return {
    summaries, images, start, allSummaries, detail, prefetch, allDetails, pageChanged, added,
    get complete() { return complete; },
    cached: (pageId) => details.get(key(pageId)) || null,
    stop() { alive = false; },
  };
}
