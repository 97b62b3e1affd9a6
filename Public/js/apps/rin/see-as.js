// "See as…": the acting profile through someone else's eyes, Public, a member of one circle, or
// one Rin person by username, drawn by the very card a person's page uses. The server answers
// with the same function as the viewer's own request, so what shows here is what they get.
import { h, uid } from '../../dom.js';
import { field, setPending } from '../../forms.js';
import { actingProfileId, withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { personCard } from './person-card.js';
import { screenState } from './state.js';

const PERSON = 'person';

export function render(root, { query }) {
  let alive = true;
  let asked = 0; // the newest preview asked for; an older answer arriving late is dropped
  const selectId = uid('rin-seeas');
  const viewer = h('select', { id: selectId, class: 'rin-select', dataset: { testid: 'rin-seeas-viewer' } },
    h('option', { value: 'public' }, 'Public: anyone on Rin'));
  const username = field({ name: 'username', label: 'Their username', testid: 'rin-seeas-username', maxlength: '20',
    autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', placeholder: 'username' });
  const go = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-seeas-go' } }, 'See as them');
  const personRow = h('div', { class: 'rin-seeas-person', hidden: true }, username.wrap, h('div', { class: 'actions' }, go));
  const form = h('form', { class: 'rin-seeas-form card', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: selectId }, 'See your profile as'), viewer), personRow);
  const state = screenState('rin-seeas-state');
  const caption = h('p', { class: 'rin-seeas-caption', dataset: { testid: 'rin-seeas-caption' } });
  const result = h('div', { class: 'rin-seeas-result', 'aria-live': 'polite', dataset: { testid: 'rin-seeas-result' } });
  root.append(h('a', { class: 'rin-back', href: '#/rin/profile' }, icon('back'), 'Profile'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'See as…'), actingNote(),
    h('p', { class: 'muted' }, 'Exactly what someone else sees of your profile. Fields on Ask show only their label, behind a lock.'),
    form, state.el, caption, result);

  async function preview(value, who) {
    const mine = ++asked;
    state.loading('Looking…');
    result.replaceChildren();
    caption.textContent = '';
    try {
      const view = await withProfile((pid) => client.previewProfile(pid, value));
      if (!alive || mine !== asked) return;
      state.done();
      caption.textContent = `What ${who} sees:`;
      result.replaceChildren(personCard(view));
    } catch (err) {
      if (!alive || mine !== asked) return;
      if (err.status === 404) {
        state.done();
        caption.textContent = '';
        result.replaceChildren(h('p', { class: 'rin-nothing', dataset: { testid: 'rin-seeas-hidden' } }, icon('lock'),
          `${who[0].toUpperCase()}${who.slice(1)} can’t see this profile at all: its name isn’t shared with them.`));
      } else {
        state.failed(err, () => preview(value, who));
      }
    }
  }

  function chosen() {
    const value = viewer.value;
    personRow.hidden = value !== PERSON;
    if (value === PERSON) {
      result.replaceChildren();
      caption.textContent = '';
      state.done();
      username.input.focus();
      return;
    }
    const label = viewer.selectedOptions[0]?.dataset.who || 'anyone on Rin';
    preview(value, label);
  }

  viewer.addEventListener('change', chosen);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (viewer.value !== PERSON) { chosen(); return; }
    const name = username.input.value.trim().replace(/^@/, '');
    username.setError(null);
    if (!name) { username.setError('Type their username.'); username.input.focus(); return; }
    setPending(form, go, true, 'Looking…');
    try {
      const person = await client.findPerson(name, await actingProfileId());
      await preview(`profile:${person.profileId}`, person.displayName || `@${name}`);
    } catch (err) {
      if (!alive) return;
      if (err.status === 404) username.setError('Nobody on Rin with that username shares a profile with you.');
      else state.failed(err);
    } finally {
      if (alive) setPending(form, go, false);
    }
  });

  function init() {
    state.loading();
    withProfile((pid) => client.listCircles(pid)).then(({ items }) => {
      if (!alive) return;
      const circles = items.filter((c) => c.kind !== 'public');
      viewer.append(
        h('optgroup', { label: 'Someone in a circle' }, circles.map((c) => h('option', { value: `circle:${c.id}`,
          dataset: { who: c.kind === 'contacts' ? 'a contact in no other circle' : `someone in ${c.name}` } },
        `${c.emoji ? `${c.emoji} ` : ''}${c.name}`))),
        h('option', { value: PERSON }, 'A person, by username…'));
      viewer.options[0].dataset.who = 'anyone on Rin';
      const wanted = query.get('viewer');
      const known = wanted && [...viewer.options].find((o) => o.value.toLowerCase() === wanted.toLowerCase());
      if (known) viewer.value = known.value;
      if (wanted?.startsWith('profile:')) preview(wanted, 'this person');
      else chosen();
    }, (err) => { if (alive) state.failed(err, init); });
  }
  init();

  return () => { alive = false; };
}
