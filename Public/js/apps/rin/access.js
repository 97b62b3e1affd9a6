// Who sees what (the policy grid): a row per field of the acting profile (name, photo, bio, then
// each phone, e-mail, address, birthday and social account), a column per circle. Each cell is
// Allow, Ask or Don't allow, drawn with an icon and its word, and a tap moves it to the next.
// Cells still at their circle's template value are marked; changed ones too, until Save sends
// them all at once. "Allow all" fills a circle's column (saved with the rest); "Reset to
// template" puts a circle back at once. On a phone one circle shows at a time, chosen above.
import { h, uid } from '../../dom.js';
import { formAlert, setPending, statusLine } from '../../forms.js';
import { withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import { circleChip } from './circle-chip.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText, screenState } from './state.js';
import { ACCESS, NEXT_ACCESS, TEMPLATES, birthdayText, fieldName } from './words.js';

const NARROW = '(max-width: 47.99rem)';
const cellKey = (circleId, fieldKey) => `${String(circleId).toUpperCase()}|${fieldKey}`;
const ROW_NAMES = { name: 'Name', photo: 'Photo', bio: 'Bio' };

export function render(root, { query, guardLeave }) {
  let alive = true;
  let grid = null;
  let profileId = null;
  let values = new Map(); // field key -> what the row holds, to tell two phones apart
  let saved = new Map(); // cell key -> { access, isTemplate }
  let templates = new Map(); // cell key -> the template's value, where the server showed it
  const draft = new Map(); // cell key -> access, only where it differs from `saved`
  let selected = query.get('circle') || null; // the circle a phone shows
  const narrow = matchMedia(NARROW);

  const state = screenState('rin-grid-state');
  const alert = formAlert('rin-grid-error');
  const status = statusLine('rin-grid-status');
  const pickerId = uid('rin-grid-circle');
  const picker = h('select', { id: pickerId, class: 'rin-select', dataset: { testid: 'rin-grid-circle' } });
  const circleTools = h('div', { class: 'rin-grid-tools' });
  const pickerRow = h('div', { class: 'rin-grid-picker', hidden: true }, h('label', { for: pickerId }, 'Circle'), picker, circleTools);
  const table = h('div', { class: 'rin-grid-wrap', dataset: { testid: 'rin-grid-wrap' } });
  const save = h('button', { type: 'button', class: 'btn btn-primary', disabled: true, dataset: { testid: 'rin-grid-save' } }, 'Save');
  const discard = h('button', { type: 'button', class: 'btn btn-quiet', hidden: true, dataset: { testid: 'rin-grid-discard' } }, 'Discard changes');
  const pending = h('span', { class: 'muted rin-grid-pending', role: 'status', dataset: { testid: 'rin-grid-pending' } });
  const bar = h('div', { class: 'rin-grid-bar', hidden: true }, save, discard, pending);
  const legend = h('ul', { class: 'rin-legend', 'aria-label': 'What the cells mean' },
    Object.entries(ACCESS).map(([access, { text, help, icon: name }]) => h('li', {},
      h('span', { class: `rin-cell rin-cell-${access} rin-cell-sample`, 'aria-hidden': 'true' }, icon(name), text), ' ', help)),
    h('li', {}, h('span', { class: 'rin-template-mark', 'aria-hidden': 'true' }), ' Still at the circle’s template value.'));

  root.append(h('a', { class: 'rin-back', href: '#/rin/circles' }, icon('back'), 'Circles'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'Who sees what'), actingNote(),
    h('p', { class: 'muted' }, 'Tap a cell to change it. Someone in two circles gets the more open one. Nobody is told of a change.'),
    state.el, alert.el, status.el, pickerRow, table, bar, legend);

  guardLeave(() => (draft.size ? 'Leave without saving your changes to who sees what?' : null));

  const fail = (err) => { if (alive) { status.clear(); alert.show(problemText(err)); } };
  const circleOf = (id) => grid.circles.find((c) => client.sameId(c.id, id));

  function fieldLabel(field) {
    return ROW_NAMES[field.kind] || fieldName(field.kind, field.label);
  }

  function current(key) {
    return draft.get(key) ?? saved.get(key)?.access ?? 'deny';
  }

  /** Whether the cell shows its template's value: the server's word, or what we know of it. */
  function atTemplate(key) {
    if (!draft.has(key)) return Boolean(saved.get(key)?.isTemplate);
    return templates.has(key) && templates.get(key) === draft.get(key);
  }

  function drawCell(button) {
    const { key, circleName, fieldName: rowName } = button.dataset;
    const access = current(key);
    const template = atTemplate(key);
    const changed = draft.has(key);
    button.className = `rin-cell rin-cell-${access}${template ? ' rin-cell-template' : ''}${changed ? ' rin-cell-changed' : ''}`;
    button.dataset.access = access;
    button.dataset.template = String(template);
    button.dataset.changed = String(changed);
    button.setAttribute('aria-label', `${rowName} for ${circleName}: ${ACCESS[access].text}${template ? ', the template’s value' : ''}`
      + `${changed ? ', not saved yet' : ''}. Tap for ${ACCESS[NEXT_ACCESS[access]].text}.`);
    button.replaceChildren(...[icon(ACCESS[access].icon), h('span', { class: 'rin-cell-text' }, ACCESS[access].text),
      template ? h('span', { class: 'rin-template-mark', title: 'The circle’s template value' }) : null,
      changed ? h('span', { class: 'rin-changed-mark', title: 'Not saved yet' }) : null].filter(Boolean));
  }

  function setDraft(key, access) {
    if (saved.get(key)?.access === access) draft.delete(key);
    else draft.set(key, access);
  }

  function redrawAll() {
    table.querySelectorAll('button.rin-cell').forEach(drawCell);
    const n = draft.size;
    save.disabled = n === 0;
    save.textContent = n ? `Save ${n === 1 ? '1 change' : `${n} changes`}` : 'Save';
    discard.hidden = n === 0;
    pending.textContent = n ? 'Not saved yet.' : '';
  }

  function cell(circle, field) {
    const button = h('button', { type: 'button', dataset: { testid: 'rin-cell', key: cellKey(circle.id, field.key), circle: circle.name,
      circleId: circle.id, field: field.key, circleName: circle.name, fieldName: fieldLabel(field) } });
    button.addEventListener('click', () => {
      const key = button.dataset.key;
      setDraft(key, NEXT_ACCESS[current(key)]);
      status.clear();
      drawCell(button);
      redrawAll();
    });
    drawCell(button);
    return h('td', {}, button);
  }

  function allowAll(circle) {
    for (const field of grid.fields) setDraft(cellKey(circle.id, field.key), 'allow');
    status.show(`Every field is on Allow for ${circle.name}, once you save.`);
    redrawAll();
  }

  async function resetCircle(circle, button) {
    const template = TEMPLATES[circle.template]?.name || circle.template;
    if (!window.confirm(`Put every field of ${circle.name} back to its template (${template})? This is saved at once.`)) return;
    button.disabled = true;
    try {
      await client.resetPolicies(circle.id);
      for (const key of [...draft.keys()]) if (key.startsWith(`${String(circle.id).toUpperCase()}|`)) draft.delete(key);
      await load({ keepDraft: true });
      status.show(`${circle.name} is back to its template.`);
    } catch (err) {
      fail(err);
    } finally {
      button.disabled = false;
    }
  }

  function circleButtons(circle, { compact }) {
    const all = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn', dataset: { testid: 'rin-grid-allow-all' },
      'aria-label': `Allow all fields for ${circle.name}` }, compact ? 'Allow all' : `Allow all for ${circle.name}`);
    const reset = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn', dataset: { testid: 'rin-grid-reset' },
      'aria-label': `Reset ${circle.name} to its template` }, 'Reset to template');
    all.addEventListener('click', () => allowAll(circle));
    reset.addEventListener('click', () => resetCircle(circle, reset));
    return [all, reset];
  }

  function rowHeader(field) {
    const value = values.get(field.key);
    const shown = field.kind === 'birthday' ? birthdayText(value) : value;
    return h('th', { scope: 'row', class: 'rin-grid-field' },
      h('span', { class: 'rin-grid-field-name' }, fieldLabel(field), field.isPrimary ? h('span', { class: 'badge rin-badge' }, 'Primary') : null),
      shown ? h('span', { class: 'muted rin-grid-field-value' }, shown) : null);
  }

  function draw() {
    const shown = narrow.matches ? grid.circles.filter((c) => client.sameId(c.id, selected)) : grid.circles;
    pickerRow.hidden = !narrow.matches;
    circleTools.replaceChildren(...(narrow.matches && shown[0] ? circleButtons(shown[0], { compact: true }) : []));
    const head = h('tr', {}, h('th', { scope: 'col', class: 'rin-grid-corner' }, 'Field'), shown.map((circle) =>
      h('th', { scope: 'col', class: `rin-grid-circle${client.sameId(circle.id, query.get('circle')) ? ' rin-grid-focus' : ''}`,
        dataset: { testid: 'rin-grid-column', circle: circle.name } },
      circleChip(circle),
      narrow.matches ? null : h('span', { class: 'rin-grid-col-tools' }, circleButtons(circle, { compact: true })))));
    const rows = grid.fields.map((field) => h('tr', { dataset: { testid: 'rin-grid-row', field: field.key, kind: field.kind } },
      rowHeader(field), shown.map((circle) => cell(circle, field))));
    table.replaceChildren(h('table', { class: 'rin-grid', dataset: { testid: 'rin-grid' } },
      h('caption', { class: 'sr-only' }, 'Who sees each of your fields, by circle'),
      h('thead', {}, head), h('tbody', {}, rows)));
    redrawAll();
  }

  function take(answer, profile) {
    grid = answer;
    saved = new Map(grid.cells.map((c) => [cellKey(c.circleId, c.fieldKey), { access: c.access, isTemplate: c.isTemplate }]));
    for (const c of grid.cells) if (c.isTemplate) templates.set(cellKey(c.circleId, c.fieldKey), c.access);
    for (const [key, access] of [...draft]) if (saved.get(key)?.access === access || !saved.has(key)) draft.delete(key);
    if (profile) {
      values = new Map([['name', profile.profile.displayName], ['bio', profile.profile.bio],
        ['photo', profile.profile.photo ? 'Set' : 'None yet'], ...profile.fields.map((f) => [f.key, f.value])]);
    }
    if (!selected || !circleOf(selected)) selected = grid.circles[0]?.id;
    picker.replaceChildren(...grid.circles.map((c) => h('option', { value: c.id, selected: client.sameId(c.id, selected) },
      `${c.emoji ? `${c.emoji} ` : ''}${c.name}`)));
    draw();
    bar.hidden = false;
  }

  async function load({ keepDraft = false } = {}) {
    if (!keepDraft) { draft.clear(); templates = new Map(); }
    if (!grid) state.loading();
    try {
      const [answer, profile] = await withProfile(async (pid) => {
        profileId = pid;
        return Promise.all([client.getPolicyGrid(pid), client.getProfile(pid)]);
      });
      if (!alive) return;
      state.done();
      take(answer, profile);
    } catch (err) {
      if (!alive) return;
      if (grid) fail(err); else state.failed(err, () => load());
    }
  }

  picker.addEventListener('change', () => { selected = picker.value; draw(); });
  const onWidth = () => { if (grid) draw(); };
  narrow.addEventListener('change', onWidth);
  save.addEventListener('click', async () => {
    if (!draft.size) return;
    const cells = [...draft].map(([key, access]) => {
      const [circleId, ...rest] = key.split('|');
      const original = grid.cells.find((c) => cellKey(c.circleId, c.fieldKey) === key);
      return { circleId: original?.circleId || circleId, fieldKey: rest.join('|'), access };
    });
    setPending(bar, save, true, 'Saving…');
    alert.clear();
    try {
      const answer = await client.updatePolicies(profileId, cells);
      if (!alive) return;
      draft.clear();
      take(answer);
      status.show('Saved. Everyone sees the change at once.');
    } catch (err) {
      fail(err);
    } finally {
      if (alive) { setPending(bar, save, false); redrawAll(); }
    }
  });
  discard.addEventListener('click', () => { draft.clear(); status.clear(); redrawAll(); });

  load();
  return () => { alive = false; narrow.removeEventListener('change', onWidth); };
}
