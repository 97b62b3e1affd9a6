// A line under a screen's heading saying which profile it is about, once there is more than one:
// an alternate's book, circles and grid are its own, and mixing them up would share the wrong
// things. It links to the card picker to change it.
import { h } from '../../dom.js';
import { actingProfile, loadProfiles } from './acting.js';
import { PROFILE_KINDS } from './words.js';

/** An element, empty until the profiles are known; hidden while the primary is the only one. */
export function actingNote() {
  const el = h('p', { class: 'rin-acting muted', hidden: true, dataset: { testid: 'rin-acting' } });
  Promise.all([loadProfiles(), actingProfile()]).then(([all, profile]) => {
    if (all.length < 2 || !profile) return;
    el.replaceChildren(
      h('span', {}, 'Profile: '),
      h('strong', { dataset: { testid: 'rin-acting-name' } }, profile.displayName),
      h('span', { class: 'badge rin-badge' }, PROFILE_KINDS[profile.kind]?.name || profile.kind),
      h('a', { href: '#/rin/profile', class: 'rin-acting-change' }, 'Change'));
    el.hidden = false;
  }, () => { /* the screen itself reports a failing server; this line just stays away */ });
  return el;
}
