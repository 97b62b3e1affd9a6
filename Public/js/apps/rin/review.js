// Review: what the book's clean-up leaves for a look, in the order it matters. Fields a merge left
// with two values first, then pairs that may be one person (Merge, Different people, Not now),
// then the merges that stand, each with Undo (all of them, or only those imports made).
// "Not now" hides a card for this visit only: nothing is stored, and it is back next time.
// An import that ends while the page is open brings its new pairs and merges in.
import { h } from '../../dom.js';
import { moreButton } from '../../paging.js';
import { actingProfileId, withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import * as client from './client.js';
import { conflictCard } from './conflict-card.js';
import { contactHref } from './contact-row.js';
import { icon } from './icons.js';
import { mergeRow } from './merge-row.js';
import { screenState } from './state.js';
import { suggestionCard } from './suggestion-card.js';
import { CONTACT_FIELDS, counted } from './words.js';

/**
 * A list section that reads its pages itself: { el, load(), remove(li) }. fetchPage(cursor)
 * resolves to a page; item(x) draws one (or null to leave it out).
 */
function pagedSection({ testid, title, empty, fetchPage, item, tools = null, hideWhenEmpty = false, onError }) {
  let more = null;
  const list = h('ul', { class: 'rin-review-list', 'aria-busy': 'true', dataset: { testid: `${testid}-list` } });
  const none = h('p', { class: 'muted', hidden: true, dataset: { testid: `${testid}-empty` } }, empty);
  const moreSlot = h('div');
  const titleId = `${testid}-title`;
  const el = h('section', { class: 'rin-section rin-review-section', hidden: hideWhenEmpty, 'aria-labelledby': titleId, dataset: { testid } },
    h('div', { class: 'rin-section-head' }, h('h2', { id: titleId }, title), tools), list, moreSlot, none);
  const draw = (items) => items.map(item).filter(Boolean);
  const settle = () => {
    none.hidden = list.children.length > 0;
    if (hideWhenEmpty) el.hidden = list.children.length === 0;
  };
  return {
    el,
    async load() {
      list.setAttribute('aria-busy', 'true');
      try {
        const page = await fetchPage();
        more?.stop();
        more = moreButton({ testid: `${testid}-more`, fetchPage, onError,
          show: (next) => { list.append(...draw(next.items)); settle(); } });
        moreSlot.replaceChildren(more.el);
        list.replaceChildren(...draw(page.items));
        more.start(page);
        settle();
      } finally {
        list.setAttribute('aria-busy', 'false');
      }
    },
    remove(li) { li.remove(); settle(); },
    stop() { more?.stop(); },
  };
}

export function render(root) {
  let alive = true;
  const later = new Set(); // suggestions hidden for this visit ("Not now")
  const state = screenState('rin-review-state');
  const summary = h('p', { class: 'rin-summary', dataset: { testid: 'rin-review-summary' } });
  const done = h('p', { class: 'status rin-review-done', role: 'status', dataset: { testid: 'rin-review-status' } });
  const say = (...parts) => { if (alive) done.replaceChildren(...parts); };
  const fail = (err) => { if (alive) state.failed(err); };

  async function counts() {
    const home = await withProfile((pid) => client.getContactsHome(pid));
    if (!alive) return;
    const parts = [counted(home.suggestions, 'possible duplicate'), counted(home.conflicts, 'field') + ' with two values'];
    summary.replaceChildren(h('strong', { dataset: { testid: 'rin-review-waiting', count: String(home.suggestions + home.conflicts) } },
      home.suggestions + home.conflicts ? parts.join(' · ') : 'Nothing waits for a look.'));
  }

  const conflicts = pagedSection({ testid: 'rin-conflicts', title: 'Two values for one field', empty: 'No fields wait for a choice.',
    hideWhenEmpty: true, onError: fail,
    fetchPage: (cursor) => withProfile((pid) => client.listConflicts(pid, cursor)),
    item: (conflict) => {
      const li = conflictCard(conflict, { onResolved: (contact, value) => {
        conflicts.remove(li);
        say(h('a', { href: contactHref(contact.id) }, contact.displayName),
          ` keeps “${value}” as the ${CONTACT_FIELDS[conflict.field] || conflict.field}.`);
        counts().catch(fail);
      } });
      return li;
    } });

  const suggestions = pagedSection({ testid: 'rin-suggestions', title: 'Maybe the same person', empty: 'No pairs wait for a look.',
    onError: fail,
    fetchPage: (cursor) => withProfile((pid) => client.listSuggestions(pid, cursor)),
    item: (suggestion) => {
      if (later.has(suggestion.id)) return null;
      const names = suggestion.contacts.map((c) => c.displayName);
      const li = suggestionCard(suggestion, {
        onMerged: ({ contact }) => {
          suggestions.remove(li);
          say('Merged: ', h('a', { href: contactHref(contact.id), dataset: { testid: 'rin-review-merged' } }, contact.displayName),
            ' is one contact now. Undo it under Merges below.');
          refresh([conflicts, merges]);
        },
        onDismissed: () => {
          suggestions.remove(li);
          say(`${names[0]} and ${names[1]} stay apart; Rin won’t suggest them again.`);
          counts().catch(fail);
        },
        onLater: () => {
          later.add(suggestion.id);
          suggestions.remove(li);
          say(`Hidden for now: ${names[0]} and ${names[1]} come back next time you open Review.`);
        },
      });
      return li;
    } });

  const onlyImports = h('button', { type: 'button', class: 'btn rin-filter', 'aria-pressed': 'false', dataset: { testid: 'rin-merges-automatic' } },
    'Only by imports');
  const merges = pagedSection({ testid: 'rin-merges', title: 'Merges', empty: 'No merges to undo.', tools: onlyImports, onError: fail,
    fetchPage: (cursor) => withProfile((pid) => client.listMerges(pid,
      { cursor, automatic: onlyImports.getAttribute('aria-pressed') === 'true' || undefined })),
    item: (merge) => {
      const li = mergeRow(merge, { onUndone: ({ survivor, restored }) => {
        merges.remove(li);
        say(h('a', { href: contactHref(survivor.id), dataset: { testid: 'rin-review-restored' } }, survivor.displayName), ' and ',
          h('a', { href: contactHref(restored.id), dataset: { testid: 'rin-review-restored' } }, restored.displayName),
          ' are two contacts again.');
        refresh([conflicts, suggestions, merges]);
      } });
      return li;
    } });
  onlyImports.addEventListener('click', () => {
    onlyImports.setAttribute('aria-pressed', String(onlyImports.getAttribute('aria-pressed') !== 'true'));
    merges.load().catch(fail);
  });

  function refresh(sections) {
    Promise.all([counts(), ...sections.map((s) => s.load())]).catch(fail);
  }

  root.append(h('a', { class: 'rin-back', href: '#/rin/contacts' }, icon('back'), 'Contacts'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'Review'), actingNote(),
    h('p', { class: 'muted' }, 'Rin merges two contacts by itself only when it is sure. Here is what it wasn’t sure of, and every merge, to undo.'),
    state.el, summary, done, conflicts.el, suggestions.el, merges.el);

  async function load() {
    state.loading();
    try {
      await Promise.all([counts(), conflicts.load(), suggestions.load(), merges.load()]);
      if (alive) state.done();
    } catch (err) {
      if (alive) state.failed(err, load);
    }
  }
  const offImport = client.onImportProgressed(async (rinImport) => {
    if (!alive || rinImport.phase !== 'done' || !client.sameId(rinImport.profileId, await actingProfileId())) return;
    refresh([conflicts, suggestions, merges]);
  });
  load();
  return () => { alive = false; conflicts.stop(); suggestions.stop(); merges.stop(); offImport(); };
}
