// Kinnect in the web shell: Feed, Search, New post, Activity and Profile are the tabs (a bottom
// bar on phones, kinnect.css); a post, a profile, its lists, my follow requests and saved posts
// are reached from them. Every screen appends its own <h1>.
import { createAppFrame } from '../../app-frame.js';
import * as activity from './activity.js';
import * as composer from './composer.js';
import * as feed from './feed.js';
import * as people from './people.js';
import * as postPage from './post-page.js';
import * as profile from './profile.js';
import * as saved from './saved.js';
import * as search from './search.js';
import { decorateTabs } from './tabs.js';

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
  [`${BASE}/search`]: route(search, 'Search', { tab: 'search' }),
  [`${BASE}/new`]: route(composer, 'New post', { tab: 'new' }),
  [`${BASE}/activity`]: route(activity, 'Activity', { tab: 'activity' }),
  [`${BASE}/profile`]: route(profile, 'Profile', { tab: 'profile' }),
  [`${BASE}/requests`]: route(people.requests, 'Follow requests', { inside: 'profile' }),
  [`${BASE}/saved`]: route(saved, 'Saved', { inside: 'profile' }),
  [`${BASE}/u/:username`]: route(profile, 'Profile'),
  [`${BASE}/u/:username/followers`]: route(people.followers, 'Followers'),
  [`${BASE}/u/:username/following`]: route(people.following, 'Following'),
  [`${BASE}/p/:id`]: route(postPage, 'Post'),
};
