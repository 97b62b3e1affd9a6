// Imports: a file to bring in, then every import into this book, newest first, each opening its
// progress and what it did. One that is still running updates in place.
import { h } from '../../dom.js';
import { moreButton } from '../../paging.js';
import { withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { importedBefore, importPicker } from './import-picker.js';
import { importHref, importName, importSummary } from './import-view.js';
import { screenState } from './state.js';

export function render(root, { navigate, flash }) {
  let alive = true;
  let more = null;
  const state = screenState('rin-imports-state');
  const list = h('ul', { class: 'rin-imports', 'aria-busy': 'true', dataset: { testid: 'rin-imports' } });
  const none = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-imports-empty' } }, 'No imports yet.');
  const moreSlot = h('div');
  const picker = importPicker({ onImported: (rinImport, { again }) => {
    if (again) flash(importedBefore(rinImport), 'info', 'rin-import-again');
    navigate(`/rin/imports/${encodeURIComponent(rinImport.id)}`);
  } });
  root.append(h('a', { class: 'rin-back', href: '#/rin/contacts' }, icon('back'), 'Contacts'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'Import contacts'), actingNote(),
    h('section', { class: 'card rin-section' }, h('h2', {}, 'Bring in a file'),
      h('p', { class: 'muted' }, 'Duplicates are merged when Rin is sure, and suggested to you when it isn’t. Every merge can be undone.'),
      picker.el),
    h('section', { class: 'rin-section', 'aria-labelledby': 'rin-imports-title' },
      h('h2', { id: 'rin-imports-title' }, 'Past imports'), state.el, list, moreSlot, none));

  function row(rinImport) {
    return h('li', { class: 'rin-import-row-item', dataset: { testid: 'rin-import-item', id: rinImport.id, phase: rinImport.phase } },
      h('a', { class: 'rin-contact-link', href: importHref(rinImport.id) },
        h('span', { class: 'rin-field-icon' }, icon(rinImport.phase === 'failed' ? 'warning' : 'upload')),
        h('span', { class: 'rin-contact-names' },
          h('span', { class: 'rin-contact-name' }, importName(rinImport)),
          h('span', { class: 'rin-contact-sub muted', dataset: { testid: 'rin-import-item-summary' } }, importSummary(rinImport))),
        icon('next', { className: 'rin-chevron' })));
  }

  async function load() {
    state.loading();
    list.setAttribute('aria-busy', 'true');
    try {
      const page = await withProfile((pid) => client.listImports(pid));
      if (!alive) return;
      state.done();
      more?.stop();
      more = moreButton({ testid: 'rin-imports-more', label: 'Show older imports',
        fetchPage: (cursor) => withProfile((pid) => client.listImports(pid, { cursor })),
        show: (next) => { if (alive) list.append(...next.items.map(row)); },
        onError: (err) => { if (alive) state.failed(err); } });
      moreSlot.replaceChildren(more.el);
      list.replaceChildren(...page.items.map(row));
      more.start(page);
      none.hidden = page.items.length > 0;
    } catch (err) {
      if (alive) state.failed(err, load);
    } finally {
      list.setAttribute('aria-busy', 'false');
    }
  }

  // A running import's row follows it.
  const off = client.onImportProgressed((rinImport) => {
    const old = [...list.children].find((li) => client.sameId(li.dataset.id, rinImport.id));
    if (old) old.replaceWith(row(rinImport));
  });
  load();
  return () => { alive = false; more?.stop(); off(); };
}
