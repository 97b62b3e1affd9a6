// A profile's name, bio and whether search finds it, saved together. The name and bio are Rin's
// own (never the Kindred profile), so what a circle sees of them is decided in the grid.
import { h, uid } from '../../dom.js';
import { clearErrors, field, formAlert, setPending, showApiError, statusLine } from '../../forms.js';
import * as client from './client.js';

const BIO_MAX = 300;

/** aboutForm(detail, { onSaved(detail) }) -> { el, dirty() } */
export function aboutForm(detail, { onSaved }) {
  const p = detail.profile;
  const fields = {
    displayName: field({ name: 'displayName', label: 'Name', testid: 'rin-profile-name', maxlength: '80', value: p.displayName,
      autocomplete: 'off' }),
    bio: field({ name: 'bio', label: 'Bio', testid: 'rin-profile-bio', multiline: true, rows: '3', maxlength: String(BIO_MAX), value: p.bio || '' }),
  };
  const counterId = uid('rin-bio-counter');
  const counter = h('p', { class: 'counter', id: counterId });
  fields.bio.wrap.append(counter);
  fields.bio.input.setAttribute('aria-describedby', counterId);
  const count = () => {
    const n = [...fields.bio.input.value].length;
    counter.textContent = `${n} / ${BIO_MAX}`;
    counter.classList.toggle('counter-near', n > BIO_MAX - 30);
  };
  fields.bio.input.addEventListener('input', count);
  count();
  const discoverableId = uid('rin-discoverable');
  const discoverable = h('input', { type: 'checkbox', id: discoverableId, checked: p.discoverable, dataset: { testid: 'rin-profile-discoverable' } });
  const alert = formAlert('rin-profile-about-error');
  const status = statusLine('rin-profile-about-status');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'rin-profile-save' } }, 'Save');
  const el = h('form', { class: 'rin-form', novalidate: true, dataset: { testid: 'rin-profile-about' } },
    alert.el, fields.displayName.wrap, fields.bio.wrap,
    h('div', { class: 'rin-check-field' }, discoverable,
      h('label', { for: discoverableId }, h('strong', {}, 'Found by search'),
        h('span', { class: 'muted' }, 'People can find this profile by what Public sees of it.'))),
    h('div', { class: 'actions' }, save), status.el);

  const changes = () => {
    const out = {};
    const name = fields.displayName.input.value.trim();
    const bio = fields.bio.input.value.trim();
    if (name !== p.displayName) out.displayName = name;
    if (bio !== (p.bio || '')) out.bio = bio;
    if (discoverable.checked !== p.discoverable) out.discoverable = discoverable.checked;
    return out;
  };

  el.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    status.clear();
    const wanted = changes();
    if (!wanted.displayName && 'displayName' in wanted) { fields.displayName.setError('Give this profile a name.'); fields.displayName.input.focus(); return; }
    if (!Object.keys(wanted).length) { status.show('Nothing to save.'); return; }
    setPending(el, save, true, 'Saving…');
    try {
      const next = await client.updateProfile(p.id, wanted);
      Object.assign(p, next.profile);
      status.show('Saved.');
      onSaved?.(next);
    } catch (err) {
      showApiError(err, fields, alert);
    } finally {
      setPending(el, save, false);
    }
  });
  return { el, dirty: () => Object.keys(changes()).length > 0 };
}
