// The Profile tab: the card picker (which profile every Rin screen works on), then the chosen
// profile: the asks waiting for its answer, its name, bio and search setting, its photo (the
// primary only, for now), its fields, where to set who sees them and to see it as someone else,
// and, for an alternate, deleting it. Rin's settings and the cards I blocked close the page.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { actingProfileId, choose, forgetProfiles, loadProfiles } from './acting.js';
import { asksSection } from './asks-inbox.js';
import { blockedSection } from './blocked.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { shareSection } from './share.js';
import { aboutForm } from './profile-about.js';
import { fieldsSection } from './profile-fields.js';
import { photoSection } from './profile-photo.js';
import { profilePicker } from './profile-picker.js';
import { securityLink } from './security.js';
import { settingsSection } from './region.js';
import { problemText, screenState } from './state.js';
import { PROFILE_KINDS } from './words.js';

export function render(root, { guardLeave }) {
  let alive = true;
  let about = null;
  let asks = null;
  let share = null;
  const state = screenState('rin-profile-state');
  const status = statusLine('rin-profile-status');
  const alert = formAlert('rin-profile-error');
  const pickerSlot = h('div', { class: 'rin-picker-slot' });
  const editor = h('div', { class: 'rin-profile-editor', dataset: { testid: 'rin-profile-editor' } });
  const blocked = blockedSection();
  root.append(h('h1', { tabindex: '-1', class: 'rin-title' }, 'Profile'),
    h('p', { class: 'muted' }, 'Choose the profile Rin works on: its book, circles and who sees what are its own.'),
    h('div', { class: 'actions' }, securityLink()),
    state.el, alert.el, status.el, pickerSlot, editor, settingsSection(), blocked.el);
  guardLeave(() => (about?.dirty() ? 'Leave without saving this profile’s name and bio?' : null));

  const fail = (err) => { if (alive) { status.clear(); alert.show(problemText(err)); } };

  function deleteButton(profile) {
    const button = h('button', { type: 'button', class: 'btn btn-quiet danger-link', dataset: { testid: 'rin-profile-delete' } },
      icon('trash'), 'Delete this profile');
    button.addEventListener('click', async () => {
      if (!window.confirm(`Delete ${profile.displayName}? Its book, fields, circles and who sees what go with it. This can’t be undone.`)) return;
      button.disabled = true;
      try {
        await client.deleteProfile(profile.id);
        choose(null);
        forgetProfiles();
        await load();
        status.show(`${profile.displayName} was deleted. Rin works on your primary profile again.`);
      } catch (err) {
        button.disabled = false;
        fail(err);
      }
    });
    return button;
  }

  function showEditor(detail) {
    const p = detail.profile;
    if (!client.sameId(asks?.profileId, p.id)) {
      asks?.section.stop();
      asks = { profileId: p.id, section: asksSection(p) };
    }
    about = aboutForm(detail, { onSaved: () => { forgetProfiles(); refreshPicker(); } });
    const photo = photoSection(p, { onSaved: () => { forgetProfiles(); refreshPicker(); } });
    share?.stop();
    share = shareSection(p);
    editor.replaceChildren(
      asks.section.el,
      h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-about-title' },
        h('h2', { id: 'rin-about-title' }, p.displayName, ' ', h('span', { class: 'badge rin-badge' }, PROFILE_KINDS[p.kind]?.name || p.kind)),
        photo, about.el),
      h('div', { class: 'rin-section card' }, fieldsSection(detail, { onChanged: () => loadEditor(p.id) })),
      share.el,
      h('div', { class: 'actions' },
        h('a', { class: 'btn', href: '#/rin/access', dataset: { testid: 'rin-profile-grid' } }, icon('grid'), 'Who sees what'),
        h('a', { class: 'btn', href: '#/rin/see-as', dataset: { testid: 'rin-profile-see-as' } }, icon('eye'), 'See as…'),
        p.kind === 'primary' ? null : deleteButton(p)));
  }

  function loadEditor(pid) {
    return client.getProfile(pid).then((detail) => { if (alive) showEditor(detail); }, fail);
  }

  let current = null;
  async function refreshPicker() {
    const profiles = await loadProfiles();
    if (!alive) return;
    pickerSlot.replaceChildren(profilePicker(profiles, { current, onChoose: (profile) => {
      choose(profile.kind === 'primary' ? null : profile.id);
      current = profile.id;
      alert.clear();
      status.show(`Rin now works on ${profile.displayName}.`);
      refreshPicker();
      loadEditor(profile.id);
    } }));
  }

  async function load() {
    state.loading();
    try {
      const [profiles, pid] = await Promise.all([loadProfiles({ fresh: true }), actingProfileId()]);
      if (!alive) return;
      const found = profiles.find((p) => client.sameId(p.id, pid)) || profiles.find((p) => p.kind === 'primary');
      if (!client.sameId(found.id, pid)) choose(null); // the chosen one was deleted elsewhere
      current = found.id;
      state.done();
      await refreshPicker();
      await loadEditor(found.id);
    } catch (err) {
      if (alive) state.failed(err, load);
    }
  }
  load();
  return () => { alive = false; asks?.section.stop(); share?.stop(); blocked.stop(); };
}
