// Compare two interventions side by side: one table, so each fact lines up across the two and
// the one further along (research, readiness) is marked. Either side can be swapped from the
// catalogue; the choice lives in the address (?a=…&b=…) so it can be shared or reloaded.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { RESEARCH_RANK, categoryNames, emojiBadge, levelWord, profileHref, trlBar } from './intervention-view.js';

export function render(root, { query }) {
  let alive = true;
  let catalogue = null;
  let names = categoryNames(null);
  const picks = { a: query.get('a'), b: query.get('b') };
  const alert = formAlert('dai-compare-error');
  const pickers = { a: picker('a', 'First intervention'), b: picker('b', 'Second intervention') };
  const table = h('div', { class: 'dai-compare', dataset: { testid: 'dai-compare' }, 'aria-busy': 'true' });
  root.append(h('h1', { tabindex: '-1' }, 'Compare'), alert.el,
    h('div', { class: 'dai-pickers' }, pickers.a.wrap, pickers.b.wrap), table);

  function picker(side, label) {
    const select = h('select', { id: `dai-compare-${side}`, class: 'dai-select', dataset: { testid: `dai-compare-${side}` } });
    select.addEventListener('change', () => { picks[side] = select.value; remember(); draw(); });
    return { select, wrap: h('div', { class: 'dai-filter' }, h('label', { for: select.id }, label), select) };
  }

  function remember() {
    history.replaceState(null, '', `#/date-an-intervention/compare?${new URLSearchParams({ a: picks.a, b: picks.b })}`);
  }

  function fillPickers() {
    for (const side of ['a', 'b']) {
      const { select } = pickers[side];
      select.replaceChildren(...catalogue.categories.map((c) => h('optgroup', { label: c.name },
        catalogue.interventions.filter((it) => it.category === c.id).map((it) => h('option', { value: it.id }, it.name)))));
      select.value = picks[side];
    }
  }

  /** Marks the cell whose value is higher, with words for screen readers (colour alone says nothing). */
  function better(cell, mine, theirs) {
    if (mine > theirs) {
      cell.classList.add('dai-better');
      cell.dataset.better = 'true';
      cell.append(h('span', { class: 'dai-better-mark' }, h('span', { 'aria-hidden': 'true' }, ' ▲'),
        h('span', { class: 'sr-only' }, ' (further along)')));
    }
    return cell;
  }

  function draw() {
    const a = catalogue.interventions.find((it) => it.id === picks.a);
    const b = catalogue.interventions.find((it) => it.id === picks.b);
    const both = [a, b];
    const row = (label, testid, cell) => h('tr', { dataset: { testid } }, h('th', { scope: 'row' }, label),
      ...both.map((it, i) => cell(it, both[1 - i])));
    const td = (...content) => h('td', {}, ...content);
    const list = (items) => h('ul', { class: 'dai-list' }, items.map((text) => h('li', {}, text)));
    table.replaceChildren(h('table', { class: 'dai-compare-table' },
      h('caption', { class: 'sr-only' }, `${a.name} compared with ${b.name}`),
      h('thead', {}, h('tr', {}, h('td', {}),
        ...both.map((it) => h('th', { scope: 'col', dataset: { testid: 'dai-compare-name', id: it.id } },
          emojiBadge(it, 'sm'), h('a', { href: profileHref(it.id) }, it.name))))),
      h('tbody', {},
        row('Category', 'dai-compare-category', (it) => td(names.get(it.category) || it.category)),
        row('Age', 'dai-compare-age', (it) => td(it.age)),
        row('Impact scale', 'dai-compare-impact', (it) => td(levelWord('impactScale', it.impactScale))),
        row('Research level', 'dai-compare-research', (it, other) => better(td(levelWord('researchLevel', it.researchLevel)),
          RESEARCH_RANK[it.researchLevel] || 0, RESEARCH_RANK[other.researchLevel] || 0)),
        row('Tech readiness', 'dai-compare-trl', (it, other) => better(
          td(h('span', { class: 'dai-trl-text' }, `TRL ${it.techReadiness}/9`), trlBar(it.techReadiness)),
          it.techReadiness, other.techReadiness)),
        row('Support level', 'dai-compare-support', (it) => td(levelWord('supportLevel', it.supportLevel))),
        row('Personality', 'dai-compare-personality', (it) => td(it.personality.join(', '))),
        row('What I bring', 'dai-compare-interests', (it) => td(list(it.interests))),
        row('Dealbreakers', 'dai-compare-dealbreakers', (it) => td(list(it.dealbreakers))))));
  }

  client.catalogue().then((data) => {
    if (!alive) return;
    catalogue = data;
    names = categoryNames(data);
    const ids = data.interventions.map((it) => it.id);
    if (ids.length === 0) { table.replaceChildren(h('p', { class: 'muted' }, 'The catalogue is empty.')); return; }
    if (!ids.includes(picks.a)) picks.a = ids[0];
    if (!ids.includes(picks.b) || (picks.b === picks.a && ids.length > 1)) {
      // A neighbour from the same category is the comparison people most often want.
      const first = data.interventions.find((it) => it.id === picks.a);
      const others = data.interventions.filter((it) => it.id !== picks.a);
      picks.b = (others.find((it) => it.category === first.category) || others[0] || first).id;
    }
    fillPickers();
    remember();
    draw();
  }, (err) => {
    if (alive) alert.show(err.detail || err.message);
  }).finally(() => table.setAttribute('aria-busy', 'false'));

  return () => { alive = false; };
}
