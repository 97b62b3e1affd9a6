// The Circles tab: the acting profile's circles in the server's order (Contacts and Public, the
// prepopulated ones, then mine), each with its colour, emoji, how many are in it and whether it
// is one of Rin's own. From here: a new circle, who sees what (the grid) and "See as…".
import { h } from '../../dom.js';
import { withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import { circleDot, circleHref } from './circle-chip.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { screenState } from './state.js';
import { counted, TEMPLATES } from './words.js';

const SYSTEM_WHO = { contacts: 'Everyone in your book', public: 'Anyone on Rin' };

/** "3 members", "Everyone in your book": who a circle holds. */
export function circleMembersText(circle) {
  return circle.isSystem ? SYSTEM_WHO[circle.kind] || 'Computed' : counted(circle.memberCount ?? 0, 'member');
}

export function render(root) {
  let alive = true;
  const state = screenState('rin-circles-state');
  const list = h('ul', { class: 'rin-circles', 'aria-busy': 'true', dataset: { testid: 'rin-circles' } });
  const custom = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-circles-nocustom' } },
    'No circles of your own yet: make one for a club, a team or a trip.');
  root.append(
    h('div', { class: 'rin-title-row' },
      h('h1', { tabindex: '-1', class: 'rin-title' }, 'Circles'),
      h('a', { class: 'btn btn-primary', href: '#/rin/circles/new', dataset: { testid: 'rin-new-circle' } }, icon('plus'), 'New circle')),
    actingNote(),
    h('p', { class: 'muted' }, 'Each circle decides which of your details its people see. Someone in two circles gets the more open of the two.'),
    state.el, list, custom,
    h('div', { class: 'actions' },
      h('a', { class: 'btn', href: '#/rin/access', dataset: { testid: 'rin-open-grid' } }, icon('grid'), 'Who sees what'),
      h('a', { class: 'btn', href: '#/rin/see-as', dataset: { testid: 'rin-open-see-as' } }, icon('eye'), 'See as…')));

  function row(circle) {
    return h('li', { class: 'rin-circle-row', dataset: { testid: 'rin-circle-row', name: circle.name, kind: circle.kind } },
      h('a', { class: 'rin-circle-link', href: circleHref(circle.id) },
        h('span', { class: 'rin-circle-badge' }, circleDot(circle.color), circle.emoji ? h('span', { 'aria-hidden': 'true' }, circle.emoji) : null),
        h('span', { class: 'rin-circle-text' },
          h('span', { class: 'rin-circle-name', dataset: { testid: 'rin-circle-name' } }, circle.name),
          h('span', { class: 'muted rin-circle-meta' },
            h('span', { dataset: { testid: 'rin-circle-count' } }, circleMembersText(circle)),
            ` · ${TEMPLATES[circle.template]?.name || circle.template}`)),
        circle.isSystem ? h('span', { class: 'badge rin-badge rin-system', title: 'One of Rin’s own circles: it can’t be renamed or deleted' },
          icon('lock'), 'Rin’s own') : null,
        icon('next', { className: 'rin-chevron' })));
  }

  function load() {
    state.loading();
    withProfile((pid) => client.listCircles(pid)).then(({ items }) => {
      if (!alive) return;
      state.done();
      list.replaceChildren(...items.map(row));
      custom.hidden = items.some((c) => c.kind === 'custom');
    }, (err) => { if (alive) state.failed(err, load); })
      .finally(() => list.setAttribute('aria-busy', 'false'));
  }
  load();
  return () => { alive = false; };
}
