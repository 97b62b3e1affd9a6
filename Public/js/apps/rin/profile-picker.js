// The card picker: one card per profile of mine, the primary first, then the alternates, then a
// card to make a new one. Choosing a card makes it the profile every Rin screen works on.
import { h } from '../../dom.js';
import { rinAvatar } from './avatar.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { PROFILE_KINDS } from './words.js';

/** profilePicker(profiles, { current, onChoose(profile) }) -> <ul>. */
export function profilePicker(profiles, { current, onChoose }) {
  const cards = profiles.map((profile) => {
    const chosen = client.sameId(profile.id, current);
    const card = h('button', { type: 'button', class: `rin-profile-card${profile.kind === 'primary' ? ' rin-profile-primary' : ''}`,
      'aria-pressed': String(chosen), dataset: { testid: 'rin-profile-card', kind: profile.kind, name: profile.displayName } },
    rinAvatar({ name: profile.displayName, photo: profile.photo }, { size: 'md' }),
    h('span', { class: 'rin-profile-card-name' }, profile.displayName),
    h('span', { class: 'badge rin-badge' }, PROFILE_KINDS[profile.kind]?.name || profile.kind),
    h('span', { class: 'rin-profile-card-state muted' }, chosen ? 'In use' : 'Use this one'));
    card.addEventListener('click', () => { if (!client.sameId(profile.id, current)) onChoose(profile); });
    return h('li', {}, card);
  });
  const add = h('li', {}, h('a', { class: 'rin-profile-card rin-profile-new', href: '#/rin/profile/new', dataset: { testid: 'rin-profile-new' } },
    h('span', { class: 'rin-profile-new-icon' }, icon('plus')),
    h('span', { class: 'rin-profile-card-name' }, 'New alternate'),
    h('span', { class: 'muted rin-profile-card-state' }, 'Professional, personal or anonymous')));
  return h('ul', { class: 'rin-profile-cards', 'aria-label': 'Your profiles', dataset: { testid: 'rin-profile-cards' } }, cards, add);
}
