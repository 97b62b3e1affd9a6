// The primary profile's photo: chosen, uploaded with its progress shown (Kindred's media upload),
// then set on the profile; removable. Alternates get no photo for now: a stored photo's address
// still carries its owner's account, which would link an alternate to them (docs/RIN.md §8, 5).
import { h, uid } from '../../dom.js';
import { newId } from '../../device.js';
import { formAlert, statusLine } from '../../forms.js';
import { rinAvatar } from './avatar.js';
import * as client from './client.js';
import { mightWorkLater, problemText } from './state.js';

const MAX_BYTES = 15 * 1024 * 1024; // the media upload's limit

/** photoSection(profile, { onSaved(detail) }) -> element */
export function photoSection(profile, { onSaved }) {
  let job = null; // { file, key, mediaId }
  const preview = h('div', { class: 'rin-photo-preview', dataset: { testid: 'rin-photo-preview' } });
  const inputId = uid('rin-photo');
  const input = h('input', { type: 'file', id: inputId, class: 'sr-only', accept: 'image/jpeg,image/png,image/webp,image/heic',
    dataset: { testid: 'rin-photo-input' } });
  const choose = h('label', { for: inputId, class: 'btn' }, profile.photo ? 'Change photo' : 'Choose a photo');
  const remove = h('button', { type: 'button', class: 'btn btn-quiet', hidden: !profile.photo, dataset: { testid: 'rin-photo-remove' } }, 'Remove');
  const retry = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'rin-photo-retry' } }, 'Retry');
  const progress = h('progress', { max: '100', value: '0', hidden: true, dataset: { testid: 'rin-photo-progress' } });
  const alert = formAlert('rin-photo-error');
  const status = statusLine('rin-photo-status');

  function showPhoto() {
    preview.replaceChildren(rinAvatar({ name: profile.displayName, photo: profile.photo }, { size: 'lg' }));
    remove.hidden = !profile.photo;
    choose.textContent = profile.photo ? 'Change photo' : 'Choose a photo';
  }

  async function run() {
    const current = job;
    alert.clear();
    status.clear();
    retry.hidden = true;
    input.disabled = true;
    try {
      if (!current.mediaId) {
        progress.hidden = false;
        progress.value = 0;
        // The same key on a retry: a server that did store the photo answers with it again.
        const media = await client.uploadPhoto(current.file, { idempotencyKey: current.key,
          onProgress: (f) => { progress.value = Math.round(f * 100); } });
        current.mediaId = media.id;
      }
      const detail = await client.updateProfile(profile.id, { photoId: current.mediaId });
      Object.assign(profile, detail.profile);
      job = null;
      showPhoto();
      status.show('Photo saved.');
      onSaved?.(detail);
    } catch (err) {
      alert.show(problemText(err));
      if (mightWorkLater(err)) retry.hidden = false; else job = null;
    } finally {
      progress.hidden = true;
      input.disabled = false;
    }
  }

  input.addEventListener('change', () => {
    const file = input.files[0];
    input.value = '';
    if (!file || job) return;
    if (file.size > MAX_BYTES) { alert.show('That photo is larger than 15 MB. Please choose a smaller one.'); return; }
    job = { file, key: newId(), mediaId: null };
    run();
  });
  retry.addEventListener('click', () => { if (job) run(); });
  remove.addEventListener('click', async () => {
    remove.disabled = true;
    alert.clear();
    try {
      const detail = await client.updateProfile(profile.id, { removePhoto: true });
      delete profile.photo; // the answer leaves it out once it's gone
      Object.assign(profile, detail.profile);
      showPhoto();
      status.show('Photo removed.');
      onSaved?.(detail);
    } catch (err) {
      alert.show(problemText(err));
    } finally {
      remove.disabled = false;
    }
  });
  showPhoto();
  return h('div', { class: 'rin-photo', dataset: { testid: 'rin-photo' } },
    h('div', { class: 'photo-row' }, preview, h('div', { class: 'photo-actions' }, input, choose, remove, retry,
      h('p', { class: 'hint' }, 'JPEG, PNG, HEIC or WebP, up to 15 MB. Who sees it is set in Who sees what.'))),
    progress, alert.el, status.el);
}
