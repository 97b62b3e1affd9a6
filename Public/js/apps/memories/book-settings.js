// The book's title and cover, changed by either friend (never once the book is archived): a
// title, one of the cover colours, and a cover photo uploaded with its progress shown.
import { h, uid } from '../../dom.js';
import { field, formAlert, setPending } from '../../forms.js';
import * as client from './client.js';
import { openDialog } from './dialog.js';
import { prepareImage } from './photo.js';

export const COVER_COLORS = ['#7a2e3a', '#2f5d50', '#34487a', '#8a6a2f', '#5b3f7a', '#2f6e7a', '#3f3f46', '#9a4b2b'];

/** openBookSettings(book, { onSaved(book) }): the dialog, filled in with the book as it is. */
export function openBookSettings(book, { onSaved }) {
  const title = field({ name: 'memories-book-title', label: 'Title', testid: 'memories-settings-title', maxlength: '80', value: book.title });
  const group = uid('memories-color');
  let color = (book.coverColor || COVER_COLORS[0]).slice(0, 7).toLowerCase();
  const swatches = COVER_COLORS.map((c, i) => {
    const input = h('input', { type: 'radio', name: group, value: c, id: `${group}-${i}`, class: 'memories-swatch-input',
      checked: c === color, dataset: { testid: 'memories-settings-color' } });
    input.addEventListener('change', () => { color = c; });
    const label = h('label', { for: `${group}-${i}`, class: 'memories-swatch', title: c }, h('span', { class: 'sr-only' }, `Colour ${i + 1}`));
    label.style.setProperty('--memories-swatch', c);
    return [input, label];
  });
  const fileId = uid('memories-cover-file');
  const file = h('input', { type: 'file', id: fileId, accept: 'image/*', class: 'sr-only', dataset: { testid: 'memories-settings-photo' } });
  const progress = h('progress', { max: '100', value: '0', hidden: true, dataset: { testid: 'memories-settings-progress' } });
  const photoState = h('span', { class: 'muted', role: 'status' }, book.coverPhoto ? 'This book has a cover photo.' : 'No cover photo.');
  const remove = h('button', { type: 'button', class: 'btn btn-quiet', hidden: !book.coverPhoto }, 'Remove photo');
  const alert = formAlert('memories-settings-error');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'memories-settings-save' } }, 'Save');
  let coverPhotoId = null;
  let removeCoverPhoto = false;
  let uploading = false;

  file.addEventListener('change', async () => {
    const picked = file.files[0];
    file.value = '';
    if (!picked) return;
    uploading = true;
    alert.clear();
    progress.hidden = false;
    progress.value = 0;
    photoState.textContent = 'Uploading…';
    try {
      const { blob } = await prepareImage(picked);
      const media = await client.uploadPhoto(blob, { onProgress: (f) => { progress.value = Math.round(f * 100); } });
      coverPhotoId = media.id;
      removeCoverPhoto = false;
      photoState.textContent = 'New cover photo ready. Save to use it.';
      remove.hidden = false;
    } catch (err) {
      photoState.textContent = '';
      alert.show(err.detail || err.message);
    } finally {
      uploading = false;
      progress.hidden = true;
    }
  });
  remove.addEventListener('click', () => {
    coverPhotoId = null;
    removeCoverPhoto = Boolean(book.coverPhoto);
    remove.hidden = true;
    photoState.textContent = 'No cover photo.';
  });

  const form = h('form', { class: 'memories-settings', novalidate: true },
    title.wrap,
    h('fieldset', { class: 'memories-swatches' }, h('legend', {}, 'Cover colour'), swatches),
    h('div', { class: 'field' }, h('span', { class: 'memories-label' }, 'Cover photo'),
      h('div', { class: 'memories-photo-row' }, h('label', { for: fileId, class: 'btn' }, 'Choose a photo'), remove),
      photoState, progress),
    alert.el,
    h('div', { class: 'actions' }, save));
  const { close } = openDialog({ title: 'Title and cover', testid: 'memories-settings', body: form });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    title.setError(null);
    alert.clear();
    if (uploading) { alert.show('Wait for the photo to finish uploading.'); return; }
    const text = title.input.value.trim();
    if (!text) { title.setError('Give the book a title.'); title.input.focus(); return; }
    const changes = { title: text, coverColor: color };
    if (coverPhotoId) changes.coverPhotoId = coverPhotoId;
    if (removeCoverPhoto) changes.removeCoverPhoto = true;
    setPending(form, save, true, 'Saving…');
    try {
      const saved = await client.editBook(book.id, changes);
      onSaved?.(saved);
      close();
    } catch (err) {
      setPending(form, save, false);
      if (err.fieldErrors?.title) title.setError(err.fieldErrors.title);
      else alert.show(err.detail || err.message);
    }
  });
  title.input.focus();
}
