// The profile photo: upload with progress (then PATCH /me {avatarId}), Cancel while it runs,
// and Retry or Cancel when it fails or stalls, so a photo never sits at "Uploading… 100%"
// forever. Removing the photo is here too.
import { h } from '../dom.js';
import { avatar } from '../components.js';
import { newId } from '../device.js';
import { formAlert, statusLine } from '../forms.js';
import * as kindred from '../kindred-client.js';

const MAX_BYTES = 15 * 1024 * 1024; // the API's documented upload limit

/** No answer, a busy key (409), a 429 or a 5xx may go differently next time. */
const mightWorkLater = (err) => err.isNetworkError || [409, 429].includes(err.status) || err.status >= 500;

/**
 * profile(): the profile shown now; applyMe(me): show the server's answer on the whole page.
 * Returns { el, showSaved(), busy() }: busy is true while a photo is on its way.
 */
export function createPhotoSection({ profile, applyMe }) {
  let job = null; // { file, local, key, mediaId, controller }: the photo being uploaded or failed
  let removing = false;

  const preview = h('div', { class: 'avatar-preview' });
  const fileInput = h('input', {
    type: 'file', id: 'avatar-input', class: 'sr-only', accept: 'image/jpeg,image/png,image/webp,image/heic',
    dataset: { testid: 'avatar-input' },
  });
  const chooseLabel = h('label', { for: 'avatar-input', class: 'btn' }, 'Choose a photo');
  const removeButton = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'avatar-remove' } },
    'Remove photo');
  const progressLabel = h('span', { id: 'avatar-progress-label', class: 'progress-label' });
  const progress = h('progress', {
    max: '100', value: '0', 'aria-labelledby': 'avatar-progress-label', dataset: { testid: 'avatar-progress', state: 'idle' },
  });
  const cancelButton = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'avatar-cancel' } }, 'Cancel');
  const retryButton = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'avatar-retry' } }, 'Retry');
  const jobActions = h('div', { class: 'actions progress-actions' }, retryButton, cancelButton);
  const progressWrap = h('div', { class: 'progress-wrap', hidden: true }, progressLabel, progress, jobActions);
  const photoStatus = statusLine('avatar-status');
  const photoAlert = formAlert('avatar-error');

  function showPreview(src) {
    // src: a local blob: preview while uploading, or null for the saved photo.
    const img = src ? h('img', { class: 'avatar avatar-lg', src, alt: '' }) : avatar(profile(), { size: 'lg', testid: 'avatar-img' });
    if (img.tagName === 'IMG') img.alt = 'Your profile photo';
    preview.replaceChildren(img);
    removeButton.hidden = !profile().avatar;
  }

  function setProgress(state, fraction, label) {
    progressWrap.hidden = state === 'idle';
    progress.dataset.state = state;
    progress.value = Math.round(fraction * 100);
    progressLabel.textContent = label;
    retryButton.hidden = state !== 'error';
    cancelButton.hidden = !['uploading', 'saving', 'error'].includes(state);
  }

  /** Upload (unless an earlier try already stored the photo), then make it the avatar. */
  async function run() {
    const current = job;
    current.controller = new AbortController();
    photoAlert.clear();
    photoStatus.clear();
    try {
      if (!current.mediaId) {
        setProgress('uploading', 0, 'Uploading photo… 0%');
        // The same Idempotency-Key on every retry: if an earlier try did reach the server, it
        // answers with that photo instead of storing a second copy.
        const media = await kindred.uploadMedia(current.file, {
          idempotencyKey: current.key, signal: current.controller.signal,
          onProgress: (f) => setProgress('uploading', f, `Uploading photo… ${Math.round(f * 100)}%`),
        });
        current.mediaId = media.id;
      }
      setProgress('saving', 1, 'Saving…');
      const me = await kindred.updateProfile({ avatarId: current.mediaId }, { signal: current.controller.signal });
      finish();
      applyMe(me);
      setProgress('done', 1, 'Upload complete');
      photoStatus.show('Photo updated.');
    } catch (err) {
      if (job !== current) return; // cancelled: cancel() already tidied up
      photoAlert.show(err.isTimeout
        ? 'The upload stopped making progress. Check your connection, then retry.'
        : err.detail || err.message);
      if (!mightWorkLater(err)) { // e.g. not a photo: trying the same file again can't help
        finish();
        setProgress('failed', 0, 'Upload failed');
        showPreview(null);
        return;
      }
      setProgress('error', 0, current.mediaId ? 'Saving the photo failed' : 'Upload failed');
      retryButton.focus();
    }
  }

  function finish() {
    if (!job) return;
    URL.revokeObjectURL(job.local);
    job = null;
  }

  function cancel() {
    if (!job) return;
    job.controller?.abort();
    finish();
    setProgress('idle', 0, '');
    photoAlert.clear();
    photoStatus.show('Upload cancelled. Your photo is unchanged.');
    showPreview(null);
    fileInput.focus();
  }

  fileInput.addEventListener('change', () => {
    const file = fileInput.files[0];
    fileInput.value = ''; // choosing the same file again should upload again
    if (!file || job || removing) return;
    photoAlert.clear();
    photoStatus.clear();
    if (file.size > MAX_BYTES) {
      photoAlert.show('That photo is larger than 15 MB. Please choose a smaller one.');
      return;
    }
    job = { file, local: URL.createObjectURL(file), key: newId(), mediaId: null, controller: null };
    showPreview(job.local);
    run();
  });
  retryButton.addEventListener('click', () => { if (job) run(); });
  cancelButton.addEventListener('click', cancel);

  removeButton.addEventListener('click', async () => {
    if (job || removing) return;
    removing = true;
    removeButton.disabled = true;
    photoAlert.clear();
    try {
      applyMe(await kindred.updateProfile({ removeAvatar: true }));
      setProgress('idle', 0, '');
      photoStatus.show('Photo removed.');
      fileInput.focus(); // the remove button just disappeared; keep keyboard focus nearby
    } catch (err) {
      photoAlert.show(err.detail || err.message);
    } finally {
      removeButton.disabled = false;
      removing = false;
    }
  });

  const el = h('section', { class: 'card', 'aria-labelledby': 'photo-title' },
    h('h2', { id: 'photo-title' }, 'Photo'),
    h('div', { class: 'photo-row' }, preview,
      h('div', { class: 'photo-actions' }, fileInput, chooseLabel, removeButton,
        h('p', { class: 'hint' }, 'JPEG, PNG, HEIC or WebP, up to 15 MB.'))),
    progressWrap, photoAlert.el, photoStatus.el);

  return {
    el,
    /** Show the saved photo, unless a new one is on its way (its local preview stays). */
    showSaved() { if (!job) showPreview(null); },
    busy: () => Boolean(job) || removing,
    /** Leaving the page: a failed upload waiting for Retry is dropped, a running one finishes. */
    uploading: () => Boolean(job) && progress.dataset.state !== 'error',
  };
}
