// A shared memory page, edited by both friends at once. The server puts every operation in one
// order (seq); this keeps:
// - the confirmed page: the server's page after operation `seq`, moved on only in seq order
//   (operations that arrive early wait; a gap that stays is healed by loading the page again);
// - my pending operations: applied on top of the confirmed page, so what I did shows at once,
//   each dropped when it comes back sequenced (by its opId);
// - the outbox: pending operations not yet sent, sent in order (one request at a time, at most
//   100 operations each, every 150 ms while drawing). With no network they wait and are sent
//   again with the same opIds, which the server applies only once.
import { newId } from '../../device.js';
import { onStatus as onRealtimeStatus } from '../../realtime.js';
import * as client from './client.js';
import { LIMITS, applyAll, normalCanvas, operationProblem, sizeProblem } from './canvas-model.js';

const SEND_EVERY_MS = 150;
const GAP_WAIT_MS = 1500;
const RETRY_MS = [1000, 2000, 4000, 8000, 15000];
const upper = (id) => String(id).toUpperCase();

/**
 * createSharedDoc(page, { onChange, onStatus, images }) -> { canvas, commit(ops), flush(), status,
 * seq, pending, stop(), debug() }. commit(ops) gives each op its opId; onChange() after the
 * page in view changed (mine or theirs); onStatus(status, message): saved | saving | offline | error.
 */
export function createSharedDoc(page, { onChange, onStatus, images }) {
  const pageId = page.id;
  let confirmed = normalCanvas(page.canvas);
  let seq = page.seq;
  let pending = []; // my operations not yet seen sequenced, in the order made
  let outbox = []; // the part of `pending` not yet sent
  let inFlight = null; // the operations of the request under way
  const early = new Map(); // seq -> operation that arrived ahead of one still missing
  const tried = new WeakSet(); // operations sent at least once: the server may have them as they were
  let view = confirmed;
  let timer = null;
  let gapTimer = null;
  let attempt = 0;
  let status = 'saved';
  let message = '';
  let alive = true;

  function setStatus(next, text = '') {
    if (next === status && text === message) return;
    status = next;
    message = text;
    onStatus?.(status, message);
  }

  function settle() {
    if (!pending.length && !inFlight) setStatus('saved');
    else if (status !== 'offline' && status !== 'error') setStatus('saving');
  }

  function recompute() {
    view = applyAll(confirmed, pending);
    onChange?.();
  }

  // ---- what the server sequenced ----
  /** Sequenced operations from an answer or an event: apply every one that is next in line. */
  function receive(sequenced) {
    let moved = false;
    for (const item of sequenced) {
      if (item.seq <= seq) { drop(item.operation.opId); continue; } // already in the confirmed page
      early.set(item.seq, item);
    }
    while (early.has(seq + 1)) {
      const item = early.get(seq + 1);
      early.delete(seq + 1);
      confirmed = applyAll(confirmed, [item.operation]);
      seq = item.seq;
      drop(item.operation.opId);
      moved = true;
    }
    for (const k of early.keys()) if (k <= seq) early.delete(k);
    if (early.size) watchGap();
    else { clearTimeout(gapTimer); gapTimer = null; }
    if (moved) {
      for (const item of sequenced) remember(item.operation);
      recompute();
    }
    settle();
  }

  function drop(opId) {
    const before = pending.length;
    pending = pending.filter((op) => upper(op.opId) !== upper(opId));
    if (pending.length !== before) outbox = outbox.filter((op) => upper(op.opId) !== upper(opId));
  }

  /** A photo someone added: its signed URL comes with the page, so load the page's media list. */
  function remember(op) {
    if (op.kind === 'add' && op.element?.type === 'photo' && images && !images.knows(op.element.mediaId)) {
      client.getPage(pageId).then((fresh) => { images.remember(fresh.media); }, () => {});
    }
  }

  /** Operations ahead of a missing one: wait a moment for it (an event may be on its way), then reload. */
  function watchGap() {
    if (gapTimer) return;
    gapTimer = setTimeout(() => { gapTimer = null; if (early.size) reload(); }, GAP_WAIT_MS);
  }

  /** The page as the server has it now; my pending operations stay on top of it. */
  async function reload() {
    try {
      const fresh = await client.getPage(pageId);
      if (!alive) return;
      images?.remember(fresh.media);
      if (fresh.seq < seq) return; // an older answer than what we have
      confirmed = normalCanvas(fresh.canvas);
      seq = fresh.seq;
      for (const k of early.keys()) if (k <= seq) early.delete(k);
      recompute();
      receive([]);
    } catch (err) {
      if (!err.isNetworkError) setStatus('error', err.detail || err.message);
    }
  }

  // ---- what I do ----
  function commit(ops) {
    const stamped = [];
    for (const raw of ops) {
      const op = { ...raw, opId: newId().toUpperCase() };
      const problem = operationProblem(op);
      if (problem) { setStatus('error', problem); return false; }
      // Points streamed while drawing, or a text typed letter by letter: one operation until it is sent.
      const last = outbox[outbox.length - 1];
      if (last && !tried.has(last) && op.kind === last.kind && op.elementId && op.elementId === last.elementId
        && ((op.kind === 'appendPoints' && last.points.length + op.points.length <= 5000) || op.kind === 'update')) {
        if (op.kind === 'appendPoints') last.points = last.points.concat(op.points);
        else last.changes = { ...last.changes, ...op.changes };
        continue;
      }
      stamped.push(op);
    }
    const next = applyAll(view, stamped);
    const problem = sizeProblem(next);
    if (problem) { setStatus('error', problem); recompute(); return false; }
    pending.push(...stamped);
    outbox.push(...stamped);
    recompute();
    settle();
    schedule(SEND_EVERY_MS);
    return true;
  }

  function schedule(ms) {
    if (timer) return;
    timer = setTimeout(() => { timer = null; send(); }, ms);
  }

  async function send() {
    if (!alive || inFlight || !outbox.length) return;
    inFlight = outbox.slice(0, LIMITS.batch);
    outbox = outbox.slice(inFlight.length);
    const batch = inFlight;
    batch.forEach((op) => tried.add(op));
    try {
      const answer = await client.applyOperations(pageId, batch);
      attempt = 0;
      inFlight = null;
      if (status === 'offline') setStatus('saving');
      receive(answer.operations);
      watchGapUntil(answer.seq);
    } catch (err) {
      inFlight = null;
      if (err.isNetworkError || err.status >= 500 || err.status === 429) {
        outbox = [...batch, ...outbox]; // the same opIds, sent again later
        setStatus('offline');
        clearTimeout(timer);
        timer = setTimeout(() => { timer = null; send(); }, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
        attempt += 1;
        return;
      }
      // Refused (the book archived, a limit reached): these can't go; the page goes back to the server's.
      const refused = new Set(batch.map((op) => op.opId));
      pending = pending.filter((op) => !refused.has(op.opId));
      setStatus('error', err.detail || err.message);
      reload();
      return;
    }
    if (outbox.length) schedule(SEND_EVERY_MS);
    settle();
  }

  /** The server is past `target` but its operations haven't reached us: they will come, or we reload. */
  function watchGapUntil(target) {
    if (seq >= target) return;
    setTimeout(() => { if (alive && seq < target) reload(); }, GAP_WAIT_MS);
  }

  // ---- listening ----
  const offs = [
    client.onPageChanged((event) => { if (alive && client.sameId(event.pageId, pageId)) receive(event.operations); }),
    // Back after a drop: events may have been missed.
    onRealtimeStatus((s, { reconnected }) => { if (s === 'open' && reconnected) reload(); }),
  ];
  const online = () => {
    if (status !== 'offline') return;
    attempt = 0;
    clearTimeout(timer);
    timer = null;
    send();
  };
  window.addEventListener('online', online);

  return {
    kind: 'memory',
    get canvas() { return view; },
    get status() { return status; },
    get seq() { return seq; },
    get pending() { return pending.length > 0 || Boolean(inFlight); },
    commit,
    /** Send what is waiting now; resolves once every operation of mine is confirmed (or can't be yet). */
    async flush() {
      clearTimeout(timer);
      timer = null;
      for (let i = 0; i < 50 && (outbox.length || inFlight || pending.length); i += 1) {
        await send();
        if (status === 'offline' || status === 'error') break;
        await new Promise((resolve) => { setTimeout(resolve, 100); });
      }
      return !pending.length;
    },
    reload,
    stop() {
      alive = false;
      clearTimeout(timer);
      clearTimeout(gapTimer);
      offs.forEach((off) => off());
      window.removeEventListener('online', online);
    },
    debug: () => ({ seq, pending: pending.length, outbox: outbox.length, inFlight: Boolean(inFlight), early: early.size, status }),
  };
}
