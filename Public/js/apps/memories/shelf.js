// The shelf: every book I share, as covers, the most recently active first. Books arrive live:
// the moment a friend request is accepted (here or by the friend), our new book stands here;
// a letter or a page moves its book to the front; an archived book says so.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { onStatus } from '../../realtime.js';
import { currentSession } from '../../session.js';
import { bookCover } from './book-cover.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { incomingRequests } from './requests.js';

export function render(root) {
  let alive = true;
  const me = currentSession().me.profile;
  const alert = formAlert('memories-shelf-error');
  const status = statusLine('memories-shelf-status');
  const fail = (err) => { if (alive) alert.show(err.detail || err.message); };
  const list = h('ul', { class: 'memories-shelf', 'aria-busy': 'true', 'aria-label': 'Your books', dataset: { testid: 'memories-shelf' } });
  const empty = h('div', { class: 'memories-empty', hidden: true, dataset: { testid: 'memories-shelf-empty' } },
    h('span', { class: 'memories-empty-icon' }, icon('book')),
    h('h2', {}, 'No books yet'),
    h('p', { class: 'muted' }, 'Every friendship comes with a book you both write in: letters, photos and drawings. Ask a friend to start one.'),
    h('a', { class: 'btn btn-primary', href: '#/memories/friends', dataset: { testid: 'memories-empty-friends' } }, 'Add a friend'));
  const requests = incomingRequests({
    onMessage: (text) => { if (alive) { alert.clear(); status.show(text); } },
    onError: fail,
    onAccepted: () => load(),
  });
  const more = moreButton({ fetchPage: client.listBooks, testid: 'memories-shelf-more', label: 'Show more books',
    show: (page) => { if (alive) append(page.items); }, onError: fail });
  root.append(h('h1', { tabindex: '-1', class: 'memories-title' }, 'Your shelf'), alert.el, status.el, requests.el, list, more.el, empty);

  function append(books) {
    const shown = new Set([...list.children].map((li) => li.dataset.id));
    list.append(...books.filter((b) => !shown.has(b.id)).map((book) => bookCover(book, me)));
    empty.hidden = list.children.length > 0;
  }

  let loading = null;
  let again = false;
  /** The first page again, in the server's order (a change moves a book to the front). */
  function load() {
    if (loading) { again = true; return loading; }
    loading = client.listBooks().then((page) => {
      if (!alive) return;
      list.replaceChildren();
      append(page.items);
      more.start(page);
      alert.clear();
    }, fail).finally(() => {
      loading = null;
      list.setAttribute('aria-busy', 'false');
      if (again && alive) { again = false; load(); }
    });
    return loading;
  }

  function replace(book) {
    const li = [...list.children].find((el) => client.sameId(el.dataset.id, book.id));
    if (li) li.replaceWith(bookCover(book, me));
    else load();
  }

  const offs = [
    client.onBookCreated(() => load()),
    client.onBookUpdated(replace),
    client.onPageAdded(() => load()),
    onStatus((s, { reconnected }) => { if (s === 'open' && reconnected) load(); }),
  ];
  load();
  return () => { alive = false; more.stop(); requests.stop(); offs.forEach((off) => off()); };
}
