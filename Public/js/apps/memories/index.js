// Memories in the web shell: the Shelf of books, Friends and Activity are the tabs; a book and
// the editor of a page (a letter being written, a shared memory page) are reached from the
// shelf. Every screen appends its own <h1>.
import { createAppFrame } from '../../app-frame.js';
import * as activity from './activity.js';
import * as book from './book.js';
import * as editor from './editor.js';
import * as friends from './friends.js';
import * as shelf from './shelf.js';
import { decorateTabs } from './tabs.js';

const BASE = '/memories';

const frame = createAppFrame({
  id: 'memories',
  name: 'Memories',
  tabs: [
    { id: 'shelf', label: 'Shelf', route: `${BASE}/shelf`, testid: 'memories-tab-shelf' },
    { id: 'friends', label: 'Friends', route: `${BASE}/friends`, testid: 'memories-tab-friends' },
    { id: 'activity', label: 'Activity', route: `${BASE}/activity`, testid: 'memories-tab-activity' },
  ],
});

/** The frame has drawn its tab bar by the time the screen renders: dress it, then draw the screen. */
const withTabs = (screen) => ({
  render(root, ctx) {
    const undress = decorateTabs(root.parentElement);
    const cleanup = screen.render(root, ctx);
    return () => { undress(); cleanup?.(); };
  },
});

const route = (screen, title, { tab = null, inside = null, classes = [] } = {}) => ({
  render: frame(withTabs(screen), { tab, inside, classes }),
  title: `${title} · Memories`,
  auth: true,
});

export const routes = {
  [BASE]: route(shelf, 'Shelf', { tab: 'shelf' }),
  [`${BASE}/shelf`]: route(shelf, 'Shelf', { tab: 'shelf' }),
  [`${BASE}/friends`]: route(friends, 'Friends', { tab: 'friends' }),
  [`${BASE}/activity`]: route(activity, 'Activity', { tab: 'activity' }),
  [`${BASE}/book/:bookId`]: route(book, 'Book', { inside: 'shelf', classes: ['memories-wide'] }),
  [`${BASE}/page/:pageId`]: route(editor, 'Page', { inside: 'shelf', classes: ['memories-wide'] }),
};
