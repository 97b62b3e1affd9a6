// Kinnect in the web shell: Feed, Search, New post, Activity and Profile are the tabs (a bottom
// bar on phones, kinnect.css); a post, a profile, its lists, my follow requests and saved posts
// are reached from them. Every screen appends its own <h1>.
import { createAppFrame } from '../../app-frame.js';
import { lazyScreen, prefetchWhenIdle } from '../../lazy-screen.js';
import * as feed from './feed.js';
import { decorateTabs } from './tabs.js';

// The feed (`/kinnect`'s own screen) comes with the app; every other screen's module is imported
// when the screen is first opened, and all of them while the browser is idle: the feed needs 12
// of Kinnect's 26 modules.
const screens = {
  activity: lazyScreen(() => import('./activity.js'), 'Activity'),
  composer: lazyScreen(() => import('./composer.js'), 'New post'),
  followers: lazyScreen(() => import('./people.js'), 'Followers', (module) => module.followers),
  following: lazyScreen(() => import('./people.js'), 'Following', (module) => module.following),
  postPage: lazyScreen(() => import('./post-page.js'), 'Post'),
  profile: lazyScreen(() => import('./profile.js'), 'Profile'),
  requests: lazyScreen(() => import('./people.js'), 'Follow requests', (module) => module.requests),
  saved: lazyScreen(() => import('./saved.js'), 'Saved'),
  search: lazyScreen(() => import('./search.js'), 'Search'),
};

const BASE = '/kinnect';

const frame = createAppFrame({
  id: 'kinnect',
  name: 'Kinnect',
  tabs: [
    { id: 'feed', label: 'Feed', route: `${BASE}/feed`, testid: 'kinnect-tab-feed' },
    { id: 'search', label: 'Search', route: `${BASE}/search`, testid: 'kinnect-tab-search' },
    { id: 'new', label: 'New post', route: `${BASE}/new`, testid: 'kinnect-tab-new' },
    { id: 'activity', label: 'Activity', route: `${BASE}/activity`, testid: 'kinnect-tab-activity' },
    { id: 'profile', label: 'Profile', route: `${BASE}/profile`, testid: 'kinnect-tab-profile' },
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

const route = (screen, title, { tab = null, inside = null } = {}) => ({
  render: frame(withTabs(screen), { tab, inside }),
  title: `${title} · Kinnect`,
  auth: true,
});

export const routes = {
  [BASE]: route(feed, 'Feed', { tab: 'feed' }),
  [`${BASE}/feed`]: route(feed, 'Feed', { tab: 'feed' }),
  [`${BASE}/search`]: route(screens.search, 'Search', { tab: 'search' }),
  [`${BASE}/new`]: route(screens.composer, 'New post', { tab: 'new' }),
  [`${BASE}/activity`]: route(screens.activity, 'Activity', { tab: 'activity' }),
  [`${BASE}/profile`]: route(screens.profile, 'Profile', { tab: 'profile' }),
  [`${BASE}/requests`]: route(screens.requests, 'Follow requests', { inside: 'profile' }),
  [`${BASE}/saved`]: route(screens.saved, 'Saved', { inside: 'profile' }),
  [`${BASE}/u/:username`]: route(screens.profile, 'Profile'),
  [`${BASE}/u/:username/followers`]: route(screens.followers, 'Followers'),
  [`${BASE}/u/:username/following`]: route(screens.following, 'Following'),
  [`${BASE}/p/:id`]: route(screens.postPage, 'Post'),
};

export const boot = () => prefetchWhenIdle(Object.values(screens));
