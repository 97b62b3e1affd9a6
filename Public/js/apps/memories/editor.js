// The editor, one for both kinds of page: a letter I am writing (mine alone, saved whole as I go,
// sent when I choose, never changed after) and a memory page (shared, both of us changing it at
// once through operations). Draw, erase, add and place photos and text, undo and redo; the save
// state is always in view. A sent letter or an archived book opens in the book instead, read-only.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { PAGE_WIDTH, apply, findElement, inverseOf, newElementId, topZ } from './canvas-model.js';
import { createDraftDoc } from './draft-sync.js';
import { attachInput } from './editor-input.js';
import { createStage } from './editor-stage.js';
import { createHistory } from './history.js';
import { createImageStore } from './images.js';
import { createLetterActions } from './letter-actions.js';
import { createSharedDoc } from './page-sync.js';
import { prepareImage } from './photo.js';
import { createPresence } from './presence.js';
import { createTextPanel } from './text-panel.js';
import { createToolbar } from './toolbar.js';

const STATUS_TEXT = { saved: 'Saved', saving: 'Saving…', offline: 'Offline — will save', error: 'Not saved', sent: 'Sent' };

export function render(root, { params, navigate, flash, guardLeave }) {
  let alive = true;
  const { pageId } = params;
  const heading = h('h1', { tabindex: '-1', class: 'memories-title' }, 'Page');
  const back = h('a', { class: 'btn btn-quiet memories-back', href: '#/memories/shelf', dataset: { testid: 'memories-editor-back' } }, '← Book');
  const state = h('p', { class: 'memories-save-state', role: 'status', dataset: { testid: 'memories-save-state', state: 'loading' } }, 'Loading…');
  const alert = formAlert('memories-editor-error');
  const shell = h('div', { class: 'memories-editor', dataset: { testid: 'memories-editor', pageId } });
  root.append(h('div', { class: 'memories-editor-head' }, back, heading, state), alert.el, shell);

  const parts = []; // cleanups, last first
  let doc = null;

  async function open() {
    let page;
    let book;
    try {
      page = await client.getPage(pageId);
      book = await client.getBook(page.bookId);
    } catch (err) {
      if (alive) { alert.show(err.detail || err.message); state.textContent = ''; }
      return;
    }
    if (!alive) return;
    const bookRoute = `/memories/book/${encodeURIComponent(page.bookId)}?at=${encodeURIComponent(page.id)}`;
    back.href = `#/memories/book/${encodeURIComponent(page.bookId)}`;
    if (page.state === 'sent' || book.archived) {
      flash(page.state === 'sent' ? 'This letter has been sent: it is part of the book now, and nobody can change it.'
        : 'This book is archived: it can be read, but nothing in it can change.', 'info', 'memories-readonly');
      navigate(bookRoute, { replace: true });
      return;
    }
    build(page, book, bookRoute);
  }

  function build(page, book, bookRoute) {
    const letter = page.kind === 'letter';
    heading.textContent = letter ? 'Your letter' : 'Memory page';
    shell.dataset.kind = page.kind;
    const images = createImageStore();
    images.remember(page.media);
    const tools = { tool: 'pen', color: '#1b1b1f', width: 5 };
    let selectedId = null;
    let preview = null;
    let readOnly = false;

    const showStatus = (status, message = '') => {
      state.dataset.state = status;
      state.textContent = STATUS_TEXT[status] || status;
      if (message && status !== 'saved') alert.show(message);
      else if (status === 'saved' && message) alert.show(message);
      else alert.clear();
      shell.dataset.pending = String(Boolean(doc?.pending));
    };
    const changed = () => {
      stage.invalidate();
      refreshSelection();
      if (letter) toolbar.set({ ...tools, paper: doc.canvas.paper }); // another device's version may have other paper
    };
    doc = letter
      ? createDraftDoc(page, { onChange: changed, onStatus: showStatus, onConflict: (fresh) => {
        if (fresh.state !== 'draft') { readOnly = true; navigate(bookRoute, { replace: true }); }
      } })
      : createSharedDoc(page, { onChange: changed, onStatus: showStatus, images });
    parts.push(() => { const d = doc; d.flush().finally(() => d.stop()); });

    const view = () => {
      const canvas = doc.canvas;
      return preview && selectedId ? apply(canvas, { kind: 'update', elementId: selectedId, changes: preview }) : canvas;
    };
    const stage = createStage({ images, view });
    parts.push(() => stage.stop());
    const history = createHistory({ commit: (ops) => doc.commit(ops) });

    /** Do `ops` as one step of undo (a shared page refuses what would break its limits). */
    function step(ops, mergeKey = null) {
      const inverse = inverseOf(doc.canvas, ops);
      if (doc.commit(ops) === false) return;
      history.push({ forward: ops, inverse }, mergeKey);
    }

    // ---- selection and text ----
    const textPanel = createTextPanel({ onChange: (changes, mergeKey) => {
      if (selectedId) step([{ kind: 'update', elementId: selectedId, changes }], mergeKey);
    } });
    function select(id) {
      if (id !== selectedId) history.seal();
      selectedId = id;
      refreshSelection();
    }
    function refreshSelection() {
      const element = selectedId ? findElement(view(), selectedId) : null;
      if (selectedId && !element) selectedId = null;
      stage.setSelection(element);
      textPanel.show(element?.type === 'text' ? element : null);
      toolbar.setSelected(Boolean(element));
      shell.dataset.selected = element ? element.type : '';
    }
    function startText(p, hit) {
      if (hit) { select(hit.id); textPanel.focus(); return; }
      const width = Math.max(200, Math.min(600, PAGE_WIDTH - p.x));
      const element = { id: newElementId('t'), type: 'text', z: topZ(doc.canvas),
        frame: { x: Math.round(Math.min(p.x, PAGE_WIDTH - width)), y: Math.round(Math.max(0, p.y - 30)), width, height: 120 },
        rotation: 0, text: 'Text', font: 'hand', size: 48, color: tools.color, align: 'left' };
      step([{ kind: 'add', element }]);
      select(element.id);
      textPanel.focus({ selectAll: true });
    }

    // ---- photos ----
    async function addPhoto(file) {
      alert.clear();
      toolbar.photoProgress(0);
      try {
        const prepared = await prepareImage(file);
        const media = await client.uploadPhoto(prepared.blob, { onProgress: (f) => toolbar.photoProgress(f) });
        if (!alive) return;
        images.remember([media]);
        const w = 600;
        const hgt = Math.round(Math.min(840, (w * prepared.height) / prepared.width));
        const element = { id: newElementId('p'), type: 'photo', z: topZ(doc.canvas),
          frame: { x: (PAGE_WIDTH - w) / 2, y: 200, width: w, height: hgt }, rotation: 0, mediaId: media.id };
        step([{ kind: 'add', element }]);
        setTool('select');
        select(element.id);
      } catch (err) {
        if (alive) alert.show(err.detail || err.message);
      } finally {
        if (alive) toolbar.photoProgress(null);
      }
    }

    // ---- the toolbar ----
    function setTool(tool) {
      tools.tool = tool;
      if (tool !== 'select' && tool !== 'text') select(null);
      toolbar.set({ ...tools, paper: doc.canvas.paper });
      shell.dataset.tool = tool;
    }
    const removeSelected = () => { if (selectedId) { step([{ kind: 'delete', elementId: selectedId }]); select(null); } };
    const toolbar = createToolbar({
      letter,
      onTool: setTool,
      onColor: (color) => {
        tools.color = color;
        const el = selectedId && findElement(doc.canvas, selectedId);
        if (el && el.type !== 'photo') step([{ kind: 'update', elementId: el.id, changes: { color } }]);
        if (tools.tool === 'eraser' || tools.tool === 'select') setTool('pen');
        toolbar.set({ ...tools, paper: doc.canvas.paper });
      },
      onWidth: (width) => {
        tools.width = width;
        if (tools.tool === 'eraser' || tools.tool === 'select' || tools.tool === 'text') setTool('pen');
        toolbar.set({ ...tools, paper: doc.canvas.paper });
      },
      onPhoto: addPhoto,
      onUndo: () => history.undo(),
      onRedo: () => history.redo(),
      onDelete: removeSelected,
      onPaper: (paper) => doc.setPaper?.(paper),
    });
    history.onChange(() => toolbar.setHistory(history.canUndo, history.canRedo));
    toolbar.setHistory(false, false);

    // ---- presence (shared pages) ----
    const presence = letter ? null : createPresence(page.id, stage.presence);
    if (presence) parts.push(() => presence.stop());

    const detach = attachInput({
      stage, doc, history, streaming: !letter,
      tools: () => tools,
      selectedId: () => selectedId,
      select,
      setPreview: (changes) => { preview = changes; refreshSelection(); stage.invalidate(); },
      step,
      editable: () => !readOnly,
      startText,
      presence: (p) => presence?.moved(p),
    });
    parts.push(detach);

    // ---- keys ----
    function onKey(event) {
      if (readOnly) return;
      const typing = event.target.closest?.('input, textarea, select, [contenteditable="true"]');
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !typing && key === 'z') { event.preventDefault(); if (event.shiftKey) history.redo(); else history.undo(); return; }
      if (mod && !typing && key === 'y') { event.preventDefault(); history.redo(); return; }
      if (!typing && !mod && (event.key === 'Delete' || event.key === 'Backspace') && selectedId) { event.preventDefault(); removeSelected(); }
      if (!typing && event.key === 'Escape' && selectedId) select(null);
    }
    document.addEventListener('keydown', onKey);
    parts.push(() => document.removeEventListener('keydown', onKey));

    // ---- sending a letter ----
    const footer = letter ? createLetterActions({ page, doc, bookRoute, navigate, flash, alert,
      isAlive: () => alive, onDone: () => { readOnly = true; } }) : h('div');

    shell.append(toolbar.el, h('div', { class: 'memories-editor-main' }, stage.el, textPanel.el), footer);
    setTool('pen');
    stage.invalidate();
    showStatus(doc.status);

    // A book archived while I edit (unfriended elsewhere): nothing more can change here.
    const offBook = client.onBookUpdated((updated) => {
      if (!client.sameId(updated.id, page.bookId) || !updated.archived) return;
      readOnly = true;
      shell.dataset.readonly = 'true';
      toolbar.el.hidden = true;
      footer.hidden = true;
      alert.show('This book was archived: you are no longer friends, so this page can’t change any more.');
    });
    parts.push(offBook);

    guardLeave(({ unloading }) => (!readOnly && doc.pending && (unloading || doc.status !== 'saving')
      ? 'Some of your changes aren’t saved yet. Leave anyway?' : null));

    // For the browser tests: the page as this editor has it, and its sync state.
    window.__memoriesEditor = {
      pageId: page.id,
      kind: page.kind,
      canvas: () => JSON.parse(JSON.stringify(doc.canvas)),
      status: () => doc.status,
      pending: () => doc.pending,
      seq: () => doc.seq ?? null,
      debug: () => doc.debug?.() ?? null,
    };
    parts.push(() => { if (window.__memoriesEditor?.pageId === page.id) delete window.__memoriesEditor; });
  }

  open();
  return () => {
    alive = false;
    while (parts.length) parts.pop()();
  };
}
