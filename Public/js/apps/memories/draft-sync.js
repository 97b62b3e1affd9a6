// A letter being written: the page lives here and is saved whole (PUT with the revision it was
// edited from) a second after the last change. A save that finds no network is tried again
// until it works; one that finds the letter saved on another device in the meantime loads that
// version instead of overwriting it (the server answers 409 rather than losing either).
import * as client from './client.js';
import { applyAll, canvasProblem, normalCanvas } from './canvas-model.js';

const SAVE_AFTER_MS = 1000;
const RETRY_MS = [2000, 4000, 8000, 15000];

/**
 * createDraftDoc(page, { onChange, onStatus, onConflict }) -> the document the editor edits:
 * { canvas, commit(ops), setPaper(paper), flush(), status, stop() }.
 * status: saved | saving | offline | error | sent. onConflict(page) when another device's
 * version replaced this one; onStatus(status, message) on every change of it.
 */
export function createDraftDoc(page, { onChange, onStatus, onConflict }) {
  let canvas = normalCanvas(page.canvas);
  let revision = page.revision;
  let dirty = false;
  let saving = null;
  let timer = null;
  let attempt = 0;
  let status = 'saved';
  let alive = true;

  function setStatus(next, message = '') {
    status = next;
    onStatus?.(next, message);
  }

  function changed() {
    dirty = true;
    setStatus('saving');
    schedule(SAVE_AFTER_MS);
    onChange?.();
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; save(); }, ms);
  }

  async function save() {
    if (!alive || saving || !dirty) return saving;
    const problem = canvasProblem(canvas);
    if (problem) { setStatus('error', problem); return null; }
    const sent = canvas;
    dirty = false;
    saving = (async () => {
      try {
        const answer = await client.saveDraft(page.id, revision, sent);
        revision = answer.revision;
        attempt = 0;
        if (!dirty) setStatus('saved');
      } catch (err) {
        dirty = true;
        if (err.isNetworkError) {
          setStatus('offline');
          schedule(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
          attempt += 1;
        } else if (err.status === 409) {
          await reload(err);
        } else {
          setStatus('error', err.detail || err.message);
        }
      } finally {
        saving = null;
      }
      if (alive && dirty && status === 'saving' && !timer) schedule(SAVE_AFTER_MS);
    })();
    return saving;
  }

  /** Saved elsewhere since, or sent: take the server's version, and say so. */
  async function reload(err) {
    try {
      const fresh = await client.getPage(page.id);
      if (fresh.state !== 'draft') { dirty = false; setStatus('sent', err.detail); onConflict?.(fresh); return; }
      canvas = normalCanvas(fresh.canvas);
      revision = fresh.revision;
      dirty = false;
      setStatus('saved', 'This letter was changed on another device: that version is shown now.');
      onConflict?.(fresh);
      onChange?.();
    } catch (again) {
      setStatus(again.isNetworkError ? 'offline' : 'error', again.detail || again.message);
      if (again.isNetworkError) schedule(RETRY_MS[RETRY_MS.length - 1]);
    }
  }

  const online = () => { if (dirty && status === 'offline') { attempt = 0; schedule(0); } };
  window.addEventListener('online', online);

  return {
    kind: 'letter',
    get canvas() { return canvas; },
    get status() { return status; },
    get revision() { return revision; },
    get pending() { return dirty || Boolean(saving); },
    /** Apply ops here (no op ids needed: the page is saved whole). */
    commit(ops) {
      canvas = applyAll(canvas, ops);
      changed();
    },
    setPaper(paper) {
      canvas = { ...canvas, paper };
      changed();
    },
    /** Save now, and resolve once nothing is left unsaved (or it can't be). */
    async flush() {
      clearTimeout(timer);
      timer = null;
      for (let i = 0; i < 5 && (dirty || saving); i += 1) {
        await (saving || save());
        if (status === 'offline' || status === 'error' || status === 'sent') break;
      }
      return !dirty && !saving;
    },
    stop() {
      alive = false;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    },
  };
}
