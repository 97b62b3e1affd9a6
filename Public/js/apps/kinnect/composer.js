// New post: pick 1–10 photos and videos, put them in order, write a caption, share. Each item is
// made ready and uploaded as soon as it is picked, one at a time, with its own progress, error
// and Retry; the post is created only once every item is up. Nothing picked or typed is lost
// to an error: the draft stays until it is shared or deliberately discarded.
import { newId } from '../../device.js';
import { h, uid } from '../../dom.js';
import { formAlert, setPending } from '../../forms.js';
import { counterField } from './caption.js';
import * as client from './client.js';
import { createItem } from './compose-item.js';
import { icon } from './icons.js';
import { kindOf, VIDEO_MAX_BYTES } from './renditions.js';

const MAX_ITEMS = 10;
const ITEM_FIELD = /^(?:body\.)?media\[(\d+)\]/; // "media[2]" (or "media[2].display") names the third item

export function render(root, { navigate, flash, guardLeave }) {
  let alive = true;
  let items = [];
  let running = null; // the item being made ready or uploaded
  let shareWanted = false;
  let sharing = false;
  let lastTry = null; // { body, key } of the last attempt to share

  const inputId = uid('kinnect-files');
  const input = h('input', { type: 'file', id: inputId, multiple: true, class: 'sr-only',
    accept: 'image/*,video/mp4,video/quicktime', dataset: { testid: 'kinnect-compose-input' } });
  const pick = h('label', { for: inputId, class: 'kinnect-pick', dataset: { testid: 'kinnect-compose-pick' } },
    icon('camera'), h('span', { class: 'kinnect-pick-title' }, 'Choose photos or videos'),
    h('span', { class: 'muted kinnect-pick-hint' }, 'Up to 10. Videos: MP4 or MOV, up to 60 seconds.'));
  const pickAlert = formAlert('kinnect-compose-pick-error');
  const strip = h('ol', { class: 'kinnect-strip', 'aria-label': 'Photos and videos in this post', dataset: { testid: 'kinnect-compose-items' } });
  const caption = counterField({ label: 'Caption', max: client.CAPTION_MAX, testid: 'kinnect-compose-caption', rows: 4,
    placeholder: 'Write a caption…' });
  const captionError = h('p', { class: 'field-error', id: uid('kinnect-caption-error'), dataset: { testid: 'kinnect-compose-caption-error' } });
  caption.wrap.append(captionError);
  const alert = formAlert('kinnect-compose-error');
  const progress = h('p', { class: 'muted kinnect-compose-progress', role: 'status', dataset: { testid: 'kinnect-compose-status' } });
  const share = h('button', { type: 'submit', class: 'btn btn-primary btn-block', dataset: { testid: 'kinnect-compose-share' } }, 'Share');
  const form = h('form', { class: 'kinnect-composer', novalidate: true, 'aria-label': 'New post' },
    input, pick, pickAlert.el, strip, caption.wrap, alert.el, progress, share);
  root.append(h('h1', { tabindex: '-1', class: 'kinnect-title' }, 'New post'), form);

  // ---- picking ----
  function addFiles(files) {
    pickAlert.clear();
    const problems = [];
    for (const file of files) {
      const kind = kindOf(file);
      if (!kind) { problems.push(`${file.name} isn’t a photo or an MP4/MOV video.`); continue; }
      if (kind === 'video' && file.size > VIDEO_MAX_BYTES) { problems.push(`${file.name} is larger than 100 MB.`); continue; }
      if (items.length >= MAX_ITEMS) { problems.push(`A post can have up to ${MAX_ITEMS} photos and videos; ${file.name} wasn’t added.`); continue; }
      items.push(createItem(file, kind, changed));
    }
    if (problems.length) pickAlert.show(problems.join(' '));
    renderStrip();
    pump();
  }
  input.addEventListener('change', () => {
    addFiles([...input.files]);
    input.value = ''; // picking the same file again adds it again
  });
  // Desktop: files dropped on the picker.
  pick.addEventListener('dragover', (event) => { event.preventDefault(); pick.classList.add('kinnect-pick-over'); });
  pick.addEventListener('dragleave', () => pick.classList.remove('kinnect-pick-over'));
  pick.addEventListener('drop', (event) => {
    event.preventDefault();
    pick.classList.remove('kinnect-pick-over');
    addFiles([...(event.dataTransfer?.files || [])]);
  });

  /** One item at a time, in order: a phone's upload link is better used by one file than split ten ways. */
  async function pump() {
    if (running || !alive) return;
    const next = items.find((item) => item.state === 'waiting');
    if (!next) { if (shareWanted) submit(); return; }
    running = next;
    await next.start();
    if (running === next) running = null; // a removed item already handed over
    pump();
  }

  // ---- the strip ----
  const rows = new Map(); // item.key -> row parts
  function row(item) {
    const img = h('img', { alt: '', class: 'kinnect-strip-img' });
    const number = h('span', { class: 'kinnect-strip-number', 'aria-hidden': 'true' });
    const glyph = item.kind === 'video' ? h('span', { class: 'kinnect-tile-glyph' }, icon('play', { filled: true })) : null;
    const bar = h('progress', { max: '100', value: '0', dataset: { testid: 'kinnect-item-progress' } });
    const stateText = h('span', { class: 'kinnect-strip-state' });
    const error = h('p', { class: 'field-error', role: 'alert', dataset: { testid: 'kinnect-item-error' } });
    const retry = h('button', { type: 'button', class: 'btn btn-quiet kinnect-small-btn', hidden: true, dataset: { testid: 'kinnect-item-retry', action: 'retry' } }, 'Retry');
    const earlier = h('button', { type: 'button', class: 'kinnect-icon-button', dataset: { testid: 'kinnect-item-earlier', action: 'earlier' } }, icon('prev'));
    const later = h('button', { type: 'button', class: 'kinnect-icon-button', dataset: { testid: 'kinnect-item-later', action: 'later' } }, icon('next'));
    const remove = h('button', { type: 'button', class: 'kinnect-icon-button', dataset: { testid: 'kinnect-item-remove', action: 'remove' } }, icon('close'));
    const li = h('li', { class: 'kinnect-strip-item', dataset: { testid: 'kinnect-compose-item', key: item.key } },
      h('div', { class: 'kinnect-strip-media' }, img, number, glyph),
      h('div', { class: 'kinnect-strip-info' }, stateText, bar), error, retry,
      h('div', { class: 'kinnect-strip-buttons' }, earlier, later, remove));
    earlier.addEventListener('click', () => move(item, -1, 'earlier'));
    later.addEventListener('click', () => move(item, 1, 'later'));
    remove.addEventListener('click', () => removeItem(item));
    retry.addEventListener('click', () => { item.retry(); pump(); });
    return { li, img, number, bar, stateText, error, retry, earlier, later, remove };
  }

  function paint(item) {
    const parts = rows.get(item.key);
    if (!parts) return;
    const index = items.indexOf(item);
    const noun = `${item.kind === 'video' ? 'video' : 'photo'} ${index + 1}`;
    if (item.preview && parts.img.getAttribute('src') !== item.preview) parts.img.src = item.preview;
    parts.number.textContent = String(index + 1);
    parts.li.setAttribute('aria-label', `${noun[0].toUpperCase()}${noun.slice(1)} of ${items.length}`);
    parts.li.dataset.state = item.state;
    parts.bar.value = Math.round(item.progress * 100);
    parts.bar.setAttribute('aria-label', `Upload of ${noun}`);
    parts.bar.hidden = item.state !== 'uploading';
    parts.stateText.textContent = { waiting: 'Waiting…', preparing: 'Preparing…', uploading: `Uploading… ${Math.round(item.progress * 100)}%`,
      done: 'Ready', error: 'Not uploaded' }[item.state] || '';
    parts.error.textContent = item.error || '';
    parts.retry.hidden = !(item.state === 'error' && item.retryable);
    parts.retry.setAttribute('aria-label', `Retry ${noun}`);
    parts.earlier.disabled = index === 0;
    parts.later.disabled = index === items.length - 1;
    parts.earlier.setAttribute('aria-label', `Move ${noun} earlier`);
    parts.later.setAttribute('aria-label', `Move ${noun} later`);
    parts.remove.setAttribute('aria-label', `Remove ${noun}`);
  }

  function renderStrip(focus) {
    for (const [key, parts] of rows) if (!items.some((item) => item.key === key)) { parts.li.remove(); rows.delete(key); }
    items.forEach((item) => {
      if (!rows.has(item.key)) rows.set(item.key, row(item));
      strip.append(rows.get(item.key).li); // in order; moving a node keeps it, listeners and all
      paint(item);
    });
    pick.hidden = items.length >= MAX_ITEMS;
    strip.hidden = !items.length;
    summarise();
    // A moved or removed row loses focus with it: put focus where the person will look next.
    if (focus) (focus.disabled ? focus.closest('li')?.querySelector('button:not(:disabled)') : focus)?.focus();
  }

  function changed(item) {
    if (!alive) return;
    paint(item);
    summarise();
  }

  function summarise() {
    const done = items.filter((i) => i.state === 'done').length;
    const failed = items.filter((i) => i.state === 'error');
    const fix = failed.some((i) => i.retryable) ? 'Retry or remove' : 'Remove';
    progress.textContent = !items.length ? ''
      : failed.length ? `${failed.length} of ${items.length} can’t be posted yet. ${fix} ${failed.length === 1 ? 'it' : 'them'} to share.`
        : done < items.length ? `Uploading ${done + 1} of ${items.length}…${shareWanted ? ' Your post will be shared when it’s done.' : ''}`
          : `${items.length === 1 ? 'Your photo is' : `All ${items.length} are`} ready to share.`;
  }

  function move(item, by, action) {
    const from = items.indexOf(item);
    const to = from + by;
    if (to < 0 || to >= items.length) return;
    items.splice(from, 1);
    items.splice(to, 0, item);
    renderStrip(rows.get(item.key)[action]);
  }

  function removeItem(item) {
    const index = items.indexOf(item);
    item.abort();
    items = items.filter((i) => i !== item);
    if (running === item) running = null;
    const neighbour = items[Math.min(index, items.length - 1)];
    renderStrip(neighbour ? rows.get(neighbour.key)?.remove : null);
    if (!neighbour) input.focus();
    pump();
  }

  // ---- sharing ----
  function showPostError(err) {
    let placed = false;
    for (const { field = '', message } of err.errors || []) {
      const match = ITEM_FIELD.exec(field);
      if (match && items[Number(match[1])]) {
        items[Number(match[1])].forget(message); // e.g. "already in use": it has to go up again
        placed = true;
      } else if (/caption$/.test(field)) {
        captionError.textContent = message;
        caption.input.setAttribute('aria-invalid', 'true');
        caption.input.setAttribute('aria-describedby', `${caption.counter.id} ${captionError.id}`);
        caption.input.focus();
        placed = true;
      }
    }
    if (!placed || err.detail) alert.show(placed && err.status === 422 ? 'Please fix what’s marked, then share again.' : err.detail || err.message);
  }

  async function submit() {
    shareWanted = false;
    if (sharing) return;
    alert.clear();
    captionError.textContent = '';
    caption.input.removeAttribute('aria-invalid');
    if (!items.length) { pickAlert.show('Choose at least one photo or video.'); input.focus(); return; }
    if (items.some((i) => i.state === 'error')) { alert.show('Some items couldn’t be uploaded. Retry or remove them, then share.'); return; }
    if (items.some((i) => i.state !== 'done')) {
      shareWanted = true; // shared by pump() as soon as the last upload is in
      summarise();
      return;
    }
    sharing = true;
    setPending(form, share, true, 'Sharing…');
    const draft = { caption: caption.input.value,
      media: items.map((item) => ({ display: item.ids.display, thumbnail: item.ids.thumbnail })) };
    // Sharing the same draft again (after no answer came) reuses its key: if the first try did
    // post, the server says so instead of refusing photos that are "already in use".
    const body = JSON.stringify(draft);
    if (lastTry?.body !== body) lastTry = { body, key: newId() };
    try {
      await client.createPost(draft, { idempotencyKey: lastTry.key });
      if (!alive) return;
      items.forEach((item) => item.abort());
      items = [];
      caption.input.value = '';
      flash('Your post is shared.', 'success', 'kinnect-posted');
      navigate('/kinnect/feed');
    } catch (err) {
      if (!alive) return;
      showPostError(err);
      renderStrip();
    } finally {
      sharing = false;
      if (alive) setPending(form, share, false);
    }
  }
  form.addEventListener('submit', (event) => { event.preventDefault(); submit(); });

  guardLeave(() => (items.length || caption.input.value.trim()
    ? 'Discard this post? The photos, videos and caption you chose will be lost.' : null));
  renderStrip();
  return () => { alive = false; items.forEach((item) => item.abort()); };
}
