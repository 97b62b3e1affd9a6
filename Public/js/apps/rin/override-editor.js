// "Just for them", on a linked contact's page: what this one person sees of each of my fields,
// as the server works it out for them (the same function as their own view), and a personal
// override per field, or for every field at once, that outranks their circles until it is taken
// back. The contract has no read of overrides, so the section shows the result, not the cause.
import { h, uid } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { withProfile } from './acting.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { ACCESS, fieldName } from './words.js';

const ROW_NAMES = { name: 'Name', photo: 'Photo', bio: 'Bio' };
const CIRCLES = 'circles'; // the choice that takes an override back
const ALL = '*';

/** What `view` (their RinPersonView of me) says of one field: allow, ask or deny. */
function accessIn(view, key) {
  if (view.fields.some((f) => f.key === key)) return 'allow';
  if (view.askable.some((f) => f.key === key)) return 'ask';
  if (key === 'name' && view.displayName) return 'allow';
  if (key === 'bio' && view.bio) return 'allow';
  if (key === 'photo' && view.photo) return 'allow';
  return 'deny';
}

/** overrideSection(person: RinPersonView of them) -> <details>, read when opened. */
export function overrideSection(person) {
  const alert = formAlert('rin-override-error');
  const status = statusLine('rin-override-status');
  const rows = h('ul', { class: 'rin-fields rin-override-rows', dataset: { testid: 'rin-overrides' } });
  const hidden = h('p', { class: 'rin-nothing', hidden: true, dataset: { testid: 'rin-override-hidden' } }, icon('lock'),
    'They can’t see this profile at all now: its name isn’t shown to them.');
  const el = h('details', { class: 'rin-section rin-edit', dataset: { testid: 'rin-override-section' } },
    h('summary', {}, h('h2', {}, 'Just for them')),
    h('p', { class: 'muted' }, 'What they see of you now, field by field. A change here is for them alone, whatever their circles say; they aren’t told.'),
    alert.el, status.el, hidden, rows);
  let loaded = false;

  function chooser(key, label, now) {
    const id = uid('rin-override');
    const select = h('select', { id, class: 'rin-select', dataset: { testid: 'rin-override-select', key } },
      h('option', { value: '' }, key === ALL ? 'Choose…' : `Now: ${ACCESS[now].text}`),
      Object.entries(ACCESS).map(([access, { text }]) => h('option', { value: access }, `${text} for them`)),
      h('option', { value: CIRCLES }, 'As their circles say'));
    select.addEventListener('change', async () => {
      const choice = select.value;
      if (!choice) return;
      select.disabled = true;
      alert.clear();
      status.clear();
      try {
        await withProfile((pid) => (choice === CIRCLES
          ? client.deleteOverride(pid, person.profileId, key)
          : client.setOverride(pid, person.profileId, key, choice)));
        status.show(choice === CIRCLES ? `${label}: their circles decide again.` : `${label}: ${ACCESS[choice].text.toLowerCase()} for them now.`);
        await load();
      } catch (err) {
        alert.show(problemText(err));
        select.value = '';
      } finally {
        select.disabled = false;
      }
    });
    return h('span', { class: 'rin-override-choice' }, h('label', { for: id, class: 'sr-only' }, `What they see of ${label}`), select);
  }

  async function load() {
    const [grid, view] = await withProfile((pid) => Promise.all([
      client.getPolicyGrid(pid),
      // A 404: their name is Don't allow, so they can't see the profile at all, nor any field.
      client.previewProfile(pid, `profile:${person.profileId}`).catch((err) => {
        if (err.status === 404) return { fields: [], askable: [], hidden: true };
        throw err;
      })]));
    hidden.hidden = !view.hidden;
    rows.replaceChildren(
      h('li', { class: 'rin-field', dataset: { testid: 'rin-override-row', key: ALL } },
        h('span', { class: 'rin-field-icon' }, icon('grid')),
        h('span', { class: 'rin-field-body' }, h('span', {}, 'Every field'),
          h('span', { class: 'muted rin-field-hint' }, 'One choice for all, present and future; a field’s own choice still wins.')),
        chooser(ALL, 'Every field', 'deny')),
      ...grid.fields.map((field) => {
        const label = ROW_NAMES[field.kind] || fieldName(field.kind, field.label);
        const now = accessIn(view, field.key);
        return h('li', { class: 'rin-field', dataset: { testid: 'rin-override-row', key: field.key, access: now } },
          h('span', { class: 'rin-field-icon' }, icon(ACCESS[now].icon)),
          h('span', { class: 'rin-field-body' }, h('span', {}, label),
            h('span', { class: 'muted rin-field-hint' }, `They see: ${ACCESS[now].text}`)),
          chooser(field.key, label, now));
      }));
  }

  el.addEventListener('toggle', () => {
    if (!el.open || loaded) return;
    loaded = true;
    load().catch((err) => { loaded = false; alert.show(problemText(err)); });
  });
  return el;
}
