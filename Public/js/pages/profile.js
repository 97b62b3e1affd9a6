// Profile: photo (profile-photo.js) and the public fields (name, username, bio).
// A new photo applies at once (upload, then PATCH /me {avatarId}); the text fields on Save,
// and leaving with unsaved text (in the app or by closing the tab) asks first.
import { h } from '../dom.js';
import * as kindred from '../kindred-client.js';
import { currentSession, onSessionChange, updateMe } from '../session.js';
import { clearErrors, field, formAlert, setPending, showApiError, statusLine } from '../forms.js';
import { createPhotoSection } from './profile-photo.js';

const BIO_MAX = 500;

export function render(root, { guardLeave }) {
  let profile = currentSession().me.profile;
  const photo = createPhotoSection({ profile: () => profile, applyMe: (me) => applyMe(me) });

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
    photo.showSaved(); // keeps the local preview while a new photo is uploading
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
      applyMe(await kindred.updateProfile(changes));
      fillFields(); // what was saved, as the server normalised it
      status.show('Profile saved.');
    } catch (err) {
      showApiError(err, fields, alert);
    } finally {
      setPending(form, save, false);
    }
  });

  root.append(h('h1', { tabindex: '-1' }, 'Profile'), photo.el, form);
  fillFields();
  photo.showSaved();

  // In-app navigation asks only about unsaved text (a running upload carries on without the
  // page); closing the tab would also lose a photo on its way.
  guardLeave(({ unloading }) => {
    if (isDirty()) return 'You have unsaved changes to your profile. Leave without saving them?';
    if (unloading && photo.uploading()) return 'Your new photo is still uploading. Leave anyway?';
    return null;
  });

  // Another device (via realtime) or another page changed the profile: show it.
  const off = onSessionChange((session, reason) => {
    if (session && reason === 'me-updated' && session.me.profile !== profile) {
      applyMe(session.me, { fromServer: false });
    }
  });
  // Fetch once on arrival so the photo gets a freshly signed URL.
  kindred.getMe().then((me) => { if (!isDirty() && !photo.busy()) applyMe(me); }, () => {});
  return off;
}
