// Profile: photo (upload with progress, remove) and the public fields (name, username, bio).
// A new photo applies at once (upload, then PATCH /me {avatarId}); the text fields on Save.
import { h } from '../dom.js';
import { api, currentSession, onSessionChange, updateMe } from '../api.js';
import { avatar } from '../components.js';
import { clearErrors, field, formAlert, setPending, showApiError, statusLine } from '../forms.js';

const MAX_BYTES = 15 * 1024 * 1024; // the API's documented upload limit
const BIO_MAX = 500;

export function render(root) {
  let profile = currentSession().me.profile;
  let busy = false; // an avatar upload or removal is running

  // ---- photo ----
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
  const progressWrap = h('div', { class: 'progress-wrap', hidden: true }, progressLabel, progress);
  const photoStatus = statusLine('avatar-status');
  const photoAlert = formAlert('avatar-error');

  function showPreview(src) {
    // src: a local blob: preview while uploading, or null for the saved photo.
    const img = src ? h('img', { class: 'avatar avatar-lg', src, alt: '' }) : avatar(profile, { size: 'lg', testid: 'avatar-img' });
    if (img.tagName === 'IMG') img.alt = 'Your profile photo';
    preview.replaceChildren(img);
    removeButton.hidden = !profile.avatar;
  }

  function setProgress(state, fraction, label) {
    progressWrap.hidden = state === 'idle';
    progress.dataset.state = state;
    progress.value = Math.round(fraction * 100);
    progressLabel.textContent = label;
  }

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files[0];
    fileInput.value = ''; // choosing the same file again should upload again
    if (!file || busy) return;
    photoAlert.clear();
    photoStatus.clear();
    if (file.size > MAX_BYTES) {
      photoAlert.show('That photo is larger than 15 MB. Please choose a smaller one.');
      return;
    }
    busy = true;
    const local = URL.createObjectURL(file);
    showPreview(local);
    setProgress('uploading', 0, 'Uploading photo… 0%');
    try {
      const media = await api.upload('/media', file, {
        onProgress: (f) => setProgress('uploading', f, `Uploading photo… ${Math.round(f * 100)}%`),
      });
      setProgress('saving', 1, 'Saving…');
      const me = await api.patch('/me', { avatarId: media.id });
      applyMe(me);
      setProgress('done', 1, 'Upload complete');
      photoStatus.show('Photo updated.');
    } catch (err) {
      setProgress('error', 0, 'Upload failed');
      photoAlert.show(err.detail || err.message);
      showPreview(null);
    } finally {
      URL.revokeObjectURL(local);
      busy = false;
    }
  });

  removeButton.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    removeButton.disabled = true;
    photoAlert.clear();
    try {
      applyMe(await api.patch('/me', { removeAvatar: true }));
      setProgress('idle', 0, '');
      photoStatus.show('Photo removed.');
      fileInput.focus(); // the remove button just disappeared; keep keyboard focus nearby
    } catch (err) {
      photoAlert.show(err.detail || err.message);
    } finally {
      removeButton.disabled = false;
      busy = false;
    }
  });

  // ---- details ----
  const fields = {
    displayName: field({ name: 'displayName', label: 'Display name', testid: 'profile-displayname',
      autocomplete: 'name', maxlength: '60' }),
    username: field({ name: 'username', label: 'Username', testid: 'profile-username',
      hint: '3–20 characters.', autocomplete: 'username', maxlength: '20', autocapitalize: 'none', spellcheck: 'false' }),
    bio: field({ name: 'bio', label: 'Bio', testid: 'profile-bio', multiline: true, rows: '4',
      maxlength: String(BIO_MAX), hint: 'A line or two about you.', describedBy: ['bio-counter'] }),
  };
  const counter = h('p', { class: 'counter', id: 'bio-counter', dataset: { testid: 'bio-counter' } });
  fields.bio.wrap.querySelector('.hint').after(counter);
  const updateCounter = () => {
    const n = [...fields.bio.input.value].length;
    counter.textContent = `${n} / ${BIO_MAX}`;
    counter.classList.toggle('counter-near', n > BIO_MAX - 50);
  };
  fields.bio.input.addEventListener('input', updateCounter);

  const alert = formAlert();
  const status = statusLine('profile-status');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'profile-save' } }, 'Save');
  const form = h('form', { class: 'card form', novalidate: true, 'aria-labelledby': 'details-title' },
    h('h2', { id: 'details-title' }, 'About you'),
    alert.el, Object.values(fields).map((f) => f.wrap), h('div', { class: 'actions' }, save), status.el);

  const isDirty = () => ['displayName', 'username', 'bio'].some((k) => fields[k].input.value !== (profile[k] || ''));
  function fillFields() {
    for (const k of ['displayName', 'username', 'bio']) fields[k].input.value = profile[k] || '';
    updateCounter();
  }
  // Show a newer account. Unsaved typing wins: fields are only refilled when untouched.
  // fromServer: it's our own request's answer, so also share it with the rest of the page.
  function applyMe(me, { fromServer = true } = {}) {
    const dirty = isDirty();
    profile = me.profile;
    if (fromServer) updateMe(me);
    if (!dirty) fillFields();
    if (!busy || fromServer) showPreview(null); // keep the local preview while uploading
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    status.clear();
    const changes = {};
    for (const k of ['displayName', 'username', 'bio']) {
      const value = k === 'bio' ? fields[k].input.value : fields[k].input.value.trim();
      if (value !== (profile[k] || '')) changes[k] = value;
    }
    if (!Object.keys(changes).length) {
      status.show('No changes to save.');
      return;
    }
    setPending(form, save, true, 'Saving…');
    try {
      applyMe(await api.patch('/me', changes));
      fillFields(); // what was saved, as the server normalised it
      status.show('Profile saved.');
    } catch (err) {
      showApiError(err, fields, alert);
    } finally {
      setPending(form, save, false);
    }
  });

  root.append(
    h('h1', { tabindex: '-1' }, 'Profile'),
    h('section', { class: 'card', 'aria-labelledby': 'photo-title' },
      h('h2', { id: 'photo-title' }, 'Photo'),
      h('div', { class: 'photo-row' }, preview,
        h('div', { class: 'photo-actions' }, fileInput, chooseLabel, removeButton,
          h('p', { class: 'hint' }, 'JPEG, PNG, HEIC or WebP, up to 15 MB.'))),
      progressWrap, photoAlert.el, photoStatus.el),
    form,
  );
  fillFields();
  showPreview(null);

  // Another device (via realtime) or another page changed the profile: show it.
  const off = onSessionChange((session, reason) => {
    if (session && reason === 'me-updated' && session.me.profile !== profile) {
      applyMe(session.me, { fromServer: false });
    }
  });
  // Fetch once on arrival so the photo gets a freshly signed URL.
  api.get('/me').then((me) => { if (!isDirty() && !busy) applyMe(me); }, () => {});
  return off;
}
