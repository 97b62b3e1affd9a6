// Compare two interventions side by side: on a wide screen one table, so each fact lines up
// across the two; on a phone two columns under sticky names (see phoneView). The one further
// along (research, readiness) is marked. Either side can be swapped from the
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
  const table = h('div', { class: 'date-an-intervention-compare', dataset: { testid: 'dai-compare' }, 'aria-busy': 'true' });
  const wide = window.matchMedia('(min-width: 40rem)'); // the same width where the CSS goes wide
  wide.addEventListener('change', draw);
  root.append(h('h1', { tabindex: '-1' }, 'Compare'), alert.el,
    h('div', { class: 'date-an-intervention-pickers' }, pickers.a.wrap, pickers.b.wrap), table);

  function picker(side, label) {
    const select = h('select', { id: `date-an-intervention-compare-${side}`, class: 'date-an-intervention-select',
      dataset: { testid: `dai-compare-${side}` } });
    select.addEventListener('change', () => { picks[side] = select.value; remember(); draw(); });
    return { select, wrap: h('div', { class: 'date-an-intervention-filter' }, h('label', { for: select.id }, label), select) };
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
      cell.classList.add('date-an-intervention-better');
      cell.dataset.better = 'true';
      cell.append(h('span', { class: 'date-an-intervention-better-mark' }, h('span', { 'aria-hidden': 'true' }, ' ▲'),
        h('span', { class: 'sr-only' }, ' (further along)')));
    }
    return cell;
  }

  /**
   * The facts, once for both layouts: label, test hook, the value's content, an optional rank
   * (the higher one is marked), and whether it is long prose that needs a whole phone's width.
   */
  function facts() {
    const list = (items) => h('ul', { class: 'date-an-intervention-list' }, items.map((text) => h('li', {}, text)));
    return [
      { label: 'Category', testid: 'dai-compare-category', show: (it) => names.get(it.category) || it.category },
      { label: 'Age', testid: 'dai-compare-age', show: (it) => it.age },
      { label: 'Impact scale', testid: 'dai-compare-impact', show: (it) => levelWord('impactScale', it.impactScale) },
      { label: 'Research level', testid: 'dai-compare-research', show: (it) => levelWord('researchLevel', it.researchLevel),
        rank: (it) => RESEARCH_RANK[it.researchLevel] || 0 },
      { label: 'Tech readiness', testid: 'dai-compare-trl', rank: (it) => it.techReadiness,
        show: (it) => [h('span', { class: 'date-an-intervention-trl-text' }, `TRL ${it.techReadiness}/9`), trlBar(it.techReadiness)] },
      { label: 'Support level', testid: 'dai-compare-support', show: (it) => levelWord('supportLevel', it.supportLevel) },
      { label: 'Personality', testid: 'dai-compare-personality', show: (it) => it.personality.join(', ') },
      { label: 'What I bring', testid: 'dai-compare-interests', show: (it) => list(it.interests), long: true },
      { label: 'Dealbreakers', testid: 'dai-compare-dealbreakers', show: (it) => list(it.dealbreakers), long: true },
    ];
  }

  /** One side's value; `tag` is td (table) or dd (phone). */
  function valueCell(tag, fact, it, other, side, ...before) {
    const cell = h(tag, { class: 'date-an-intervention-compare-value', dataset: { testid: 'dai-compare-value', side } },
      ...before, fact.show(it));
    return fact.rank ? better(cell, fact.rank(it), fact.rank(other)) : cell;
  }

  const nameLink = (it) => [emojiBadge(it, 'sm'), h('a', { href: profileHref(it.id) }, it.name)];

  /** Wide screens: one table, so each fact lines up across the two. */
  function tableView(a, b) {
    const both = [a, b];
    const row = (fact) => h('tr', { dataset: { testid: fact.testid } }, h('th', { scope: 'row' }, fact.label),
      ...both.map((it, i) => valueCell('td', fact, it, both[1 - i], 'ab'[i])));
    return h('table', { class: 'date-an-intervention-compare-table' },
      h('caption', { class: 'sr-only' }, `${a.name} compared with ${b.name}`),
      h('thead', {}, h('tr', {}, h('td', {}),
        ...both.map((it) => h('th', { scope: 'col', dataset: { testid: 'dai-compare-name', id: it.id } }, ...nameLink(it))))),
      h('tbody', {}, facts().map(row)));
  }

  /**
   * Phones: a three-column table left each column a few words wide and the page 6,000 px tall.
   * Here the names stick below the header as two columns; short facts sit side by side under
   * them, and the long lists take the full width one after the other, each under its name.
   */
  function phoneView(a, b) {
    const both = [a, b];
    const row = (fact) => h('div', {
      class: fact.long ? 'date-an-intervention-compare-row date-an-intervention-compare-row-long' : 'date-an-intervention-compare-row',
      dataset: { testid: fact.testid } },
    h('dt', {}, fact.label),
    ...both.map((it, i) => valueCell('dd', fact, it, both[1 - i], 'ab'[i],
      // Side by side, the column says whose it is; stacked, the name does. Screen readers get it either way.
      fact.long ? h('span', { class: 'date-an-intervention-compare-who' }, it.name) : h('span', { class: 'sr-only' }, `${it.name}: `))));
    return h('div', { class: 'date-an-intervention-compare-phone' },
      h('h2', { class: 'sr-only' }, `${a.name} compared with ${b.name}`),
      h('div', { class: 'date-an-intervention-compare-names' },
        both.map((it) => h('p', { class: 'date-an-intervention-compare-name', dataset: { testid: 'dai-compare-name', id: it.id } },
          ...nameLink(it)))),
      h('dl', { class: 'date-an-intervention-compare-facts' }, facts().map(row)));
  }

  function draw() {
    if (!catalogue) return;
    const a = catalogue.interventions.find((it) => it.id === picks.a);
    const b = catalogue.interventions.find((it) => it.id === picks.b);
    table.replaceChildren(wide.matches ? tableView(a, b) : phoneView(a, b));
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

  return () => { alive = false; wide.removeEventListener('change', draw); };
}
