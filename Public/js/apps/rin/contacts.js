// The book's front page (the Contacts tab): how many contacts there are and how many lack a phone
// or an e-mail, what waits in Review, a file to import, the favourites and the newest as rows of
// tiles, then every contact A to Z under its letter, 50 at a time. Typing in the search box
// (debounced, the older answer never replacing a newer one), the favourites filter or a circle
// narrows the list and hides the front rows. An import running meanwhile is shown in a line, and
// the page reads the book again when it ends.
import { h, uid } from '../../dom.js';
import { statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { actingProfileId, withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import * as client from './client.js';
import { contactRow, contactTile } from './contact-row.js';
import { saveBlob } from './download.js';
import { icon } from './icons.js';
import { importedBefore, importPicker } from './import-picker.js';
import { importHref, importName } from './import-view.js';
import { screenState } from './state.js';
import { IMPORT_PHASES, counted, importRunning } from './words.js';

const DEBOUNCE_MS = 250;
const Q_MAX = 100;

/** The Review entry: what waits for a look (suggestions and conflicts), as a count. */
function reviewEntry() {
  const count = h('span', { class: 'rin-count', hidden: true, dataset: { testid: 'rin-review-count' } });
  const sub = h('span', { class: 'rin-contact-sub muted', dataset: { testid: 'rin-review-sub' } });
  const el = h('a', { class: 'rin-review-entry', href: '#/rin/review', dataset: { testid: 'rin-review-entry' } },
    h('span', { class: 'rin-field-icon' }, icon('merge')),
    h('span', { class: 'rin-contact-names' }, h('span', { class: 'rin-contact-name' }, 'Review'), sub),
    count, icon('next', { className: 'rin-chevron' }));
  return {
    el,
    show({ suggestions = 0, conflicts = 0 }) {
      const waiting = suggestions + conflicts;
      count.hidden = waiting === 0;
      count.textContent = waiting > 99 ? '99+' : String(waiting);
      el.dataset.count = String(waiting);
      el.setAttribute('aria-label', waiting ? `Review, ${counted(waiting, 'item')} waiting` : 'Review merges');
      const parts = [suggestions ? counted(suggestions, 'possible duplicate') : null,
        conflicts ? counted(conflicts, 'field', 'fields') + ' with two values' : null].filter(Boolean);
      sub.textContent = parts.length ? parts.join(' · ') : 'Nothing waits. Merges can be undone here.';
    },
  };
}

export function render(root, { navigate, flash }) {
  let alive = true;
  let timer = null;
  let controller = null;
  let more = null;
  let total = null;

  const state = screenState('rin-contacts-state');
  const status = statusLine('rin-contacts-status');
  const summary = h('p', { class: 'rin-summary', dataset: { testid: 'rin-contacts-summary' } });

  const searchId = uid('rin-q');
  const search = h('input', { type: 'search', id: searchId, maxlength: String(Q_MAX), autocomplete: 'off', spellcheck: 'false',
    enterkeyhint: 'search', placeholder: 'Search by name, phone or e-mail', dataset: { testid: 'rin-contacts-search' } });
  const favourites = h('button', { type: 'button', class: 'btn rin-filter', 'aria-pressed': 'false',
    dataset: { testid: 'rin-filter-favourites' } }, icon('star'), 'Favourites');
  const circleId = uid('rin-circle-filter');
  const circle = h('select', { id: circleId, class: 'rin-select', dataset: { testid: 'rin-filter-circle' } },
    h('option', { value: '' }, 'All circles'));
  const filters = h('form', { class: 'rin-filters', role: 'search', novalidate: true, hidden: true },
    h('label', { for: searchId, class: 'sr-only' }, 'Search contacts'),
    h('div', { class: 'rin-search' }, icon('search'), search),
    h('div', { class: 'rin-filter-row' }, favourites,
      h('label', { for: circleId, class: 'sr-only' }, 'Only one circle'), circle));

  const tiles = (testid, label) => {
    const list = h('ul', { class: 'rin-tiles', dataset: { testid } });
    const section = h('section', { class: 'rin-home-row', hidden: true, 'aria-label': label }, h('h2', {}, label), list);
    return { section, list };
  };
  const favRow = tiles('rin-home-favourites', 'Favourites');
  const recentRow = tiles('rin-home-recent', 'Recently added');

  const listTitleId = uid('rin-list-title');
  const listTitle = h('h2', { id: listTitleId, class: 'rin-list-title', dataset: { testid: 'rin-list-title' } }, 'All contacts');
  const list = h('div', { class: 'rin-az', 'aria-busy': 'true', dataset: { testid: 'rin-contacts-list' } });
  const moreSlot = h('div');
  const noMatch = h('p', { class: 'muted rin-no-match', hidden: true, dataset: { testid: 'rin-contacts-nomatch' } });
  const listSection = h('section', { class: 'rin-list', hidden: true, 'aria-labelledby': listTitleId }, listTitle, list, moreSlot, noMatch);

  const empty = h('div', { class: 'rin-empty', hidden: true, dataset: { testid: 'rin-contacts-empty' } },
    h('span', { class: 'rin-empty-icon' }, icon('book')),
    h('h2', {}, 'Your book is empty'),
    h('p', { class: 'muted' }, 'Import a vCard or CSV file, or add the people you know one by one. Link a contact to someone on Rin to see what they share with you.'),
    h('div', { class: 'actions rin-center' },
      h('a', { class: 'btn btn-primary', href: '#/rin/contacts/new', dataset: { testid: 'rin-empty-add' } }, 'Add a contact'),
      h('a', { class: 'btn', href: '#/rin/people' }, 'Find someone on Rin')));

  const review = reviewEntry();
  const picker = importPicker({ onImported: (rinImport, { again }) => {
    if (again) flash(importedBefore(rinImport), 'info', 'rin-import-again');
    navigate(`/rin/imports/${encodeURIComponent(rinImport.id)}`);
  } });
  const running = h('p', { class: 'notice rin-import-banner', hidden: true, dataset: { testid: 'rin-import-running' } });
  const tools = h('section', { class: 'rin-home-tools', 'aria-label': 'Import and review', hidden: true },
    review.el,
    h('div', { class: 'rin-home-import' }, picker.el,
      h('a', { class: 'btn btn-quiet', href: '#/rin/imports', dataset: { testid: 'rin-imports-link' } }, 'Past imports')));

  const exportAll = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'rin-export-all' } },
    icon('download'), 'Export all (.vcf)');
  root.append(
    h('div', { class: 'rin-title-row' },
      h('h1', { tabindex: '-1', class: 'rin-title' }, 'Contacts'),
      h('a', { class: 'btn btn-primary', href: '#/rin/contacts/new', dataset: { testid: 'rin-add-contact' } }, icon('plus'), 'Add contact')),
    actingNote(), state.el, status.el, running, summary, tools, filters, favRow.section, recentRow.section, listSection, empty,
    h('div', { class: 'actions rin-foot' }, exportAll,
      h('a', { class: 'btn btn-quiet', href: '#/rin/people', dataset: { testid: 'rin-find-person' } }, icon('search'), 'Find someone on Rin')));

  const filtering = () => Boolean(currentQ() || circle.value || favourites.getAttribute('aria-pressed') === 'true');
  const currentQ = () => search.value.trim().slice(0, Q_MAX);

  // ---- the A–Z list ----
  let lastGroup = null; // { letter, ul } the next item may join
  function append(items) {
    for (const contact of items) {
      if (!lastGroup || lastGroup.letter !== contact.section) {
        const titleId = uid('rin-az');
        const ul = h('ul', { class: 'rin-contacts' });
        list.append(h('section', { class: 'rin-az-group', 'aria-labelledby': titleId, dataset: { testid: 'rin-az-group', letter: contact.section } },
          h('h3', { class: 'rin-az-letter', id: titleId, dataset: { testid: 'rin-az-letter' } }, contact.section), ul));
        lastGroup = { letter: contact.section, ul };
      }
      lastGroup.ul.append(contactRow(contact));
    }
  }

  async function loadList() {
    controller?.abort();
    controller = new AbortController();
    const mine = controller;
    const wanted = { q: currentQ() || undefined, circleId: circle.value || undefined,
      favourites: favourites.getAttribute('aria-pressed') === 'true' || undefined };
    list.setAttribute('aria-busy', 'true');
    try {
      const page = await withProfile((pid) => client.listContacts(pid, { ...wanted, signal: mine.signal }));
      if (!alive || mine !== controller) return;
      state.done();
      more?.stop();
      more = moreButton({ testid: 'rin-contacts-more', label: 'Show more contacts',
        fetchPage: (cursor) => withProfile((pid) => client.listContacts(pid, { ...wanted, cursor })),
        show: (next) => { if (alive && mine === controller) append(next.items); },
        onError: (err) => { if (alive) state.failed(err); } });
      moreSlot.replaceChildren(more.el);
      list.replaceChildren();
      lastGroup = null;
      append(page.items);
      more.start(page);
      const narrowed = filtering();
      listTitle.textContent = narrowed ? 'Matching contacts' : 'All contacts';
      noMatch.hidden = page.items.length > 0 || !narrowed;
      noMatch.textContent = currentQ() ? `No contacts match “${currentQ()}”.` : 'No contacts here yet.';
      favRow.section.hidden = narrowed || !favRow.list.children.length;
      recentRow.section.hidden = narrowed || !recentRow.list.children.length;
    } catch (err) {
      if (err.name === 'AbortError' || !alive || mine !== controller) return;
      state.failed(err, loadList);
    } finally {
      if (mine === controller) list.setAttribute('aria-busy', 'false');
    }
  }

  // ---- the front page ----
  function showHome(home) {
    total = home.total;
    const parts = [counted(home.total, 'contact')];
    if (home.incomplete) parts.push(`${new Intl.NumberFormat().format(home.incomplete)} without a phone or e-mail`);
    summary.replaceChildren(...[h('strong', { dataset: { testid: 'rin-contacts-total', count: String(home.total) } }, parts[0]),
      parts[1] ? h('span', { class: 'muted', dataset: { testid: 'rin-contacts-incomplete', count: String(home.incomplete) } }, ` · ${parts[1]}`) : null]
      .filter(Boolean)); // native replaceChildren would print a null as text
    favRow.list.replaceChildren(...home.favourites.map((c) => contactTile(c)));
    recentRow.list.replaceChildren(...home.recent.map((c) => contactTile(c)));
    const none = home.total === 0;
    empty.hidden = !none;
    filters.hidden = none;
    listSection.hidden = none;
    exportAll.hidden = none;
    summary.hidden = none;
    review.show(home);
    review.el.hidden = none && !home.suggestions && !home.conflicts;
    tools.hidden = false;
  }

  // ---- an import running while the page is open ----
  function showRunning(rinImport) {
    if (!importRunning(rinImport)) { running.hidden = true; return; }
    const words = IMPORT_PHASES[rinImport.phase];
    running.replaceChildren(`Importing ${importName(rinImport)}: ${words.text.toLowerCase()}, `,
      `${new Intl.NumberFormat().format(rinImport.processed)} of ${new Intl.NumberFormat().format(rinImport.total)}. `,
      h('a', { href: importHref(rinImport.id) }, 'See progress'));
    running.hidden = false;
  }

  async function load() {
    state.loading('Loading your book…');
    try {
      const [home, circles, imports] = await Promise.all([
        withProfile((pid) => client.getContactsHome(pid)),
        withProfile((pid) => client.listCircles(pid)),
        withProfile((pid) => client.listImports(pid, { limit: 1 })).catch(() => ({ items: [] })), // only the running-import line needs it
      ]);
      if (!alive) return;
      showHome(home);
      const latest = imports.items[0];
      if (latest) showRunning(latest); else running.hidden = true;
      circle.replaceChildren(h('option', { value: '' }, 'All circles'),
        ...circles.items.filter((c) => !c.isSystem).map((c) => h('option', { value: c.id }, `${c.emoji ? `${c.emoji} ` : ''}${c.name}`)));
      if (home.total > 0) await loadList();
      else state.done();
    } catch (err) {
      if (alive) state.failed(err, load);
    }
  }

  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(loadList, DEBOUNCE_MS);
  });
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    loadList();
  });
  favourites.addEventListener('click', () => {
    favourites.setAttribute('aria-pressed', String(favourites.getAttribute('aria-pressed') !== 'true'));
    loadList();
  });
  circle.addEventListener('change', loadList);

  exportAll.addEventListener('click', async () => {
    exportAll.disabled = true;
    status.clear();
    try {
      const blob = await withProfile((pid) => client.exportContacts(pid));
      saveBlob(blob, 'Rin contacts.vcf');
      if (alive) status.show(`Exported ${counted(total ?? 0, 'contact')} as a vCard file.`);
    } catch (err) {
      if (alive) state.failed(err);
    } finally {
      exportAll.disabled = false;
    }
  });

  // The book changes under an import: when one of this profile's ends, read it again.
  const offImport = client.onImportProgressed(async (rinImport) => {
    if (!alive || !client.sameId(rinImport.profileId, await actingProfileId())) return;
    showRunning(rinImport);
    if (rinImport.phase === 'done') load();
  });

  load();
  return () => { alive = false; clearTimeout(timer); controller?.abort(); more?.stop(); offImport(); };
}
