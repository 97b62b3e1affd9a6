// A book, open: its title and cover, the pages (book-viewer.js), the contents, my unsent
// letters, and what I can do in it: write a letter, add a memory page, edit a memory page,
// change the title and cover, print it. Opening it marks its letters read. An archived book
// (no longer friends) is read the same way, with none of the tools.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { onStatus } from '../../realtime.js';
import { currentSession } from '../../session.js';
import { tintCover } from './book-cover.js';
import { openBookSettings } from './book-settings.js';
import { createViewer } from './book-viewer.js';
import * as client from './client.js';
import { createContents } from './contents.js';
import { icon } from './icons.js';
import { createPageStore } from './page-store.js';
import { friendOf, nameOf } from './people.js';
import { createPrinter } from './print.js';

export const pageHref = (pageId) => `#/memories/page/${encodeURIComponent(pageId)}`;

export function render(root, { params, query, navigate }) {
  let alive = true;
  let book = null;
  const { bookId } = params;
  const me = currentSession().me.profile;
  const alert = formAlert('memories-book-error');
  const status = statusLine('memories-book-status');
  const fail = (err) => { if (alive) { status.clear(); alert.show(err.detail || err.message); } };
  const say = (text) => { if (alive) { alert.clear(); status.show(text); } };

  const heading = h('h1', { tabindex: '-1', class: 'memories-title', dataset: { testid: 'memories-book-heading' } }, 'Book');
  const chip = h('span', { class: 'memories-chip', 'aria-hidden': 'true' });
  const withWhom = h('p', { class: 'muted memories-book-with', dataset: { testid: 'memories-book-with' } });
  const archived = h('p', { class: 'notice notice-warning', hidden: true, dataset: { testid: 'memories-archived-notice' } },
    'Archived: you are no longer friends, so this book can be read but nothing can be added or changed.');
  const editBook = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'memories-edit-book' } },
    icon('edit'), 'Title and cover');
  const printButton = h('button', { type: 'button', class: 'btn', dataset: { testid: 'memories-print-button' } },
    icon('print'), 'Print / Save as PDF');
  const write = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'memories-write-letter' } }, icon('letter'), 'Write a letter');
  const addPage = h('button', { type: 'button', class: 'btn', dataset: { testid: 'memories-add-page' } }, icon('star'), 'Add a memory page');
  const tools = h('div', { class: 'memories-book-tools', hidden: true, dataset: { testid: 'memories-book-tools' } }, write, addPage);
  const drafts = h('ul', { class: 'memories-drafts', dataset: { testid: 'memories-drafts' } });
  const draftsSection = h('section', { class: 'memories-drafts-section', hidden: true, 'aria-labelledby': 'memories-drafts-title' },
    h('h2', { id: 'memories-drafts-title' }, 'Your unsent letters'), drafts);
  const empty = h('div', { class: 'memories-empty', hidden: true, dataset: { testid: 'memories-book-empty' } },
    h('span', { class: 'memories-empty-icon' }, icon('book')), h('h2', {}, 'This book is empty'),
    h('p', { class: 'muted' }, 'Write the first letter, or add a page of photos and drawings you both can change.'));

  const store = createPageStore(bookId, { onChange: ({ contents: more, pageId }) => {
    if (!alive) return;
    if (more) { contents.update(); viewer.show(); empty.hidden = store.summaries.length > 0; }
    if (pageId) { viewer.repaint(pageId); contents.repaint(pageId); }
  } });
  const editable = () => book && !book.archived;
  const viewer = createViewer({
    store,
    total: () => (store.complete ? 0 : book?.pageCount),
    onTurn: (index) => {
      contents.mark(index);
      const at = store.summaries[index]?.id;
      if (at) history.replaceState(null, '', `#/memories/book/${encodeURIComponent(bookId)}?at=${encodeURIComponent(at)}`);
    },
    captionExtra: (summary) => (summary.kind === 'memory' && editable()
      ? h('a', { class: 'btn btn-quiet memories-small-btn', href: pageHref(summary.id), dataset: { testid: 'memories-edit-page' } },
        icon('edit'), 'Edit page') : null),
  });
  const contents = createContents({ store, onPick: (index) => { viewer.go(index); viewer.el.focus({ preventScroll: true }); } });
  const printer = createPrinter({ store, title: () => book?.title || 'Book', onProgress: say, onError: fail });

  root.append(
    h('div', { class: 'memories-book-head' }, chip, heading),
    withWhom, archived, alert.el, status.el,
    h('div', { class: 'memories-book-bar' }, tools, contents.el, editBook, printButton),
    draftsSection, empty, viewer.el,
  );

  function showBook(next) {
    book = next;
    heading.textContent = book.title;
    tintCover(chip, book);
    const friend = friendOf(book, me);
    withWhom.textContent = friend ? `A book shared with ${nameOf(friend)}` : 'A book of yours';
    archived.hidden = !book.archived;
    tools.hidden = book.archived;
    editBook.hidden = book.archived;
    document.title = `${book.title} · Memories · Kindred`;
    viewer.el.dataset.archived = String(book.archived);
    viewer.show(); // the "Edit page" links follow the book's state
  }

  async function loadDrafts() {
    try {
      const page = await client.listDrafts(bookId);
      if (!alive) return;
      drafts.replaceChildren(...page.items.map((draft) => h('li', {},
        h('a', { href: pageHref(draft.id), dataset: { testid: 'memories-draft' } }, 'Letter started ',
          new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(draft.createdAt))))));
      draftsSection.hidden = !page.items.length || Boolean(book?.archived);
    } catch { /* best effort: the book reads the same without the list */ }
  }

  async function start(kind) {
    const button = kind === 'letter' ? write : addPage;
    button.disabled = true;
    try {
      const page = kind === 'letter' ? await client.startLetter(bookId) : await client.addMemoryPage(bookId);
      if (alive) navigate(`/memories/page/${encodeURIComponent(page.id)}`);
    } catch (err) {
      fail(err);
    } finally {
      button.disabled = false;
    }
  }
  write.addEventListener('click', () => start('letter'));
  addPage.addEventListener('click', () => start('memory'));
  editBook.addEventListener('click', () => book && openBookSettings(book, { onSaved: (saved) => { showBook(saved); say('Saved.'); } }));
  printButton.addEventListener('click', () => printer.print());

  async function open() {
    try {
      const [fetched] = await Promise.all([client.getBook(bookId), store.start()]);
      if (!alive) return;
      showBook(fetched);
      let at = store.summaries.findIndex((s) => client.sameId(s.id, query.get('at')));
      if (at < 0 && query.get('at') && !store.complete) {
        await store.allSummaries();
        at = store.summaries.findIndex((s) => client.sameId(s.id, query.get('at')));
      }
      viewer.index = Math.max(0, at);
      contents.update();
      contents.mark(viewer.index);
      viewer.show();
      empty.hidden = store.summaries.length > 0;
      viewer.el.dataset.ready = 'true';
      loadDrafts();
      // When that reads anything, the server says so (memories.book.updated), and the badge asks again.
      client.markBookRead(bookId).catch(() => {});
    } catch (err) {
      fail(err);
    }
  }

  const offs = [
    store.images.onLoad(() => { if (alive) viewer.repaint(); }),
    client.onPageAdded((summary) => {
      if (!client.sameId(summary.bookId, bookId)) return;
      store.added(summary);
      // Mine, from another of my devices: it joins the contents without a word.
      if (summary.author?.username === me.username) return;
      say(`${summary.kind === 'letter' ? 'A new letter' : 'A new memory page'} from ${nameOf(summary.author)} is at the end of the book.`);
      client.markBookRead(bookId).catch(() => {});
    }),
    client.onPageChanged((event) => { if (client.sameId(event.bookId, bookId)) store.pageChanged(event); }),
    client.onBookUpdated((updated) => { if (client.sameId(updated.id, bookId)) showBook(updated); }),
    onStatus((s, { reconnected }) => { if (s === 'open' && reconnected) client.getBook(bookId).then((b) => alive && showBook(b), () => {}); }),
  ];
  open();
  return () => { alive = false; viewer.stop(); contents.stop(); store.stop(); printer.stop(); offs.forEach((off) => off()); };
}
