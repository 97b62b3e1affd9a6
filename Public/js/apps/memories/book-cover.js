// A book as it stands on the shelf: its cover (colour, or photo), title, the friend it is shared
// with, when something last happened in it, its unread letters and whether it is archived.
import { h, timeEl } from '../../dom.js';
import { icon } from './icons.js';
import { friendOf, nameOf } from './people.js';

const HEX = /^#[0-9a-f]{6}([0-9a-f]{2})?$/i;

export const bookHref = (bookId) => `#/memories/book/${encodeURIComponent(bookId)}`;

/** Colours a cover element with the book's colour (through the CSSOM: the CSP forbids style attributes). */
export function tintCover(el, book) {
  if (HEX.test(book.coverColor || '')) el.style.setProperty('--memories-cover', book.coverColor.slice(0, 7));
}

/** <li> holding the book's cover link; `me` is the signed-in profile. */
export function bookCover(book, me) {
  const friend = friendOf(book, me);
  const unread = book.unreadLetters || 0;
  const photo = book.coverPhoto?.url
    ? h('img', { class: 'memories-cover-photo', src: book.coverPhoto.url, alt: '', loading: 'lazy', decoding: 'async' })
    : null;
  const cover = h('span', { class: 'memories-cover', 'aria-hidden': 'true' },
    photo,
    h('span', { class: 'memories-cover-title' }, book.title));
  tintCover(cover, book);
  const label = [book.title, friend ? `with ${nameOf(friend)}` : null, unread ? `${unread} unread ${unread === 1 ? 'letter' : 'letters'}` : null,
    book.archived ? 'archived' : null].filter(Boolean).join(', ');
  const link = h('a', { class: 'memories-book-link', href: bookHref(book.id), 'aria-label': label },
    cover,
    unread ? h('span', { class: 'memories-unread', dataset: { testid: 'memories-book-unread', count: String(unread) } },
      icon('letter'), String(unread)) : null,
    h('span', { class: 'memories-book-info' },
      h('span', { class: 'memories-book-title', dataset: { testid: 'memories-book-title' } }, book.title),
      friend ? h('span', { class: 'memories-book-friend muted', dataset: { testid: 'memories-book-friend' } }, `with ${nameOf(friend)}`) : null,
      h('span', { class: 'memories-book-meta muted' },
        book.archived ? h('span', { class: 'memories-archived', dataset: { testid: 'memories-book-archived' } }, 'Archived') : null,
        h('span', {}, `${book.pageCount} ${book.pageCount === 1 ? 'page' : 'pages'} · `), timeEl(book.lastActivityAt))));
  return h('li', { class: 'memories-book', dataset: { testid: 'memories-book', id: book.id, archived: String(book.archived) } }, link);
}
