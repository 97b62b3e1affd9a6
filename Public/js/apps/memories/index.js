// Memories in the web shell: the Shelf of books, Friends and Activity are the tabs; a book and
// the editor of a page (a letter being written, a shared memory page) are reached from the
// shelf. Every screen appends its own <h1>.
import { createAppFrame } from '../../app-frame.js';
import { lazyScreen, prefetchWhenIdle } from '../../lazy-screen.js';
import * as shelf from './shelf.js';
import { decorateTabs } from './tabs.js';

// The shelf (`/memories`'s own screen) comes with the app; every other screen's module is
// imported when the screen is first opened, and all of them while the browser is idle. The
// book and the page editor are most of Memories (29 of its 37 modules); the shelf needs 8.
const screens = {
  activity: lazyScreen(() => import('./activity.js'), 'Activity'),
  book: lazyScreen(() => import('./book.js'), 'Book'),
  editor: lazyScreen(() => import('./editor.js'), 'Page'),
  friends: lazyScreen(() => import('./friends.js'), 'Friends'),
};

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
  [`${BASE}/friends`]: route(screens.friends, 'Friends', { tab: 'friends' }),
  [`${BASE}/activity`]: route(screens.activity, 'Activity', { tab: 'activity' }),
  [`${BASE}/book/:bookId`]: route(screens.book, 'Book', { inside: 'shelf', classes: ['memories-wide'] }),
  [`${BASE}/page/:pageId`]: route(screens.editor, 'Page', { inside: 'shelf', classes: ['memories-wide'] }),
};

export const boot = () => prefetchWhenIdle(Object.values(screens));
