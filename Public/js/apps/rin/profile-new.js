// A new alternate profile: its kind (which decides what its Contacts start with), a name, a bio,
// and whether search finds it (off unless chosen). Nothing anyone else sees links it to me. Once
// made it becomes the profile Rin works on. Past the daily limit the server says when to try again.
import { h, uid } from '../../dom.js';
import { clearErrors, field, formAlert, setPending, showApiError } from '../../forms.js';
import { choose, forgetProfiles } from './acting.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { PROFILE_KINDS } from './words.js';

export function render(root, { navigate, flash }) {
  let alive = true;
  const group = uid('rin-kind');
  let kind = 'professional';
  const kinds = h('fieldset', { class: 'rin-choices' }, h('legend', {}, 'Kind'),
    ['professional', 'personal', 'anonymous'].map((k) => {
      const id = `${group}-${k}`;
      const input = h('input', { type: 'radio', name: group, id, value: k, checked: k === kind, dataset: { testid: 'rin-new-profile-kind' } });
      input.addEventListener('change', () => { kind = k; });
      return h('div', { class: 'rin-choice' }, input,
        h('label', { for: id }, h('strong', {}, PROFILE_KINDS[k].name), h('span', { class: 'muted' }, PROFILE_KINDS[k].help)));
    }));
  const fields = {
    displayName: field({ name: 'displayName', label: 'Name', testid: 'rin-new-profile-name', maxlength: '80', autocomplete: 'off',
      hint: 'What people you share this profile with see.' }),
    bio: field({ name: 'bio', label: 'Bio (optional)', testid: 'rin-new-profile-bio', multiline: true, rows: '3', maxlength: '300' }),
  };
  const discoverableId = uid('rin-new-discoverable');
  const discoverable = h('input', { type: 'checkbox', id: discoverableId, dataset: { testid: 'rin-new-profile-discoverable' } });
  const alert = formAlert('rin-new-profile-error');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'rin-new-profile-create' } }, 'Make profile');
  const form = h('form', { class: 'rin-form card', novalidate: true, dataset: { testid: 'rin-new-profile-form' } },
    alert.el, kinds, fields.displayName.wrap, fields.bio.wrap,
    h('div', { class: 'rin-check-field' }, discoverable,
      h('label', { for: discoverableId }, h('strong', {}, 'Found by search'),
        h('span', { class: 'muted' }, 'Off unless you want strangers to find it.'))),
    h('p', { class: 'hint' }, 'It has its own book, circles and who sees what. Nobody you share it with can tell it’s yours. Up to 3 new ones a day.'),
    h('div', { class: 'actions' }, save, h('a', { class: 'btn btn-quiet', href: '#/rin/profile' }, 'Cancel')));
  root.append(h('a', { class: 'rin-back', href: '#/rin/profile' }, icon('back'), 'Profile'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'New alternate profile'), form);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    const displayName = fields.displayName.input.value.trim();
    if (!displayName) { fields.displayName.setError('Give this profile a name.'); fields.displayName.input.focus(); return; }
    const bio = fields.bio.input.value.trim();
    setPending(form, save, true, 'Making…');
    try {
      const detail = await client.createProfile({ kind, displayName, ...(bio ? { bio } : {}), discoverable: discoverable.checked });
      choose(detail.profile.id);
      forgetProfiles();
      flash(`${detail.profile.displayName} is ready, and Rin now works on it.`, 'success', 'rin-flash');
      navigate('/rin/profile');
    } catch (err) {
      if (alive) showApiError(err, fields, alert);
    } finally {
      if (alive) setPending(form, save, false);
    }
  });
  return () => { alive = false; };
}
