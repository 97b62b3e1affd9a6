// Date An Intervention in the web shell, in the shell's app frame. Discover, Matches and Stats
// are the tabs; a profile, a chat and a comparison are reached from them and keep the tab bar,
// so the way back is always one tap away.
import { createAppFrame } from '../../app-frame.js';
import * as discover from './discover.js';
import * as matches from './matches.js';
import * as stats from './stats.js';
import * as profile from './profile.js';
import * as chat from './chat.js';
import * as compare from './compare.js';
import { trackHeaderHeight } from './viewport.js';

const BASE = '/date-an-intervention';

const frame = createAppFrame({
  id: 'date-an-intervention',
  name: 'Date An Intervention',
  tabs: [
    { id: 'discover', label: 'Discover', route: `${BASE}/discover`, testid: 'dai-tab-discover' },
    { id: 'matches', label: 'Matches', route: `${BASE}/matches`, testid: 'dai-tab-matches' },
    { id: 'stats', label: 'Stats', route: `${BASE}/stats`, testid: 'dai-tab-stats' },
  ],
  enter: trackHeaderHeight,
});

/**
 * Each screen appends its own <h1>. A `fill` screen (Discover, chat) is exactly one screen tall
 * below the shell's header, so a phone shows the card and its buttons, or the chat and its
 * composer, without scrolling to them.
 */
const route = (screen, title, { tab = null, inside = null, fill = false } = {}) => ({
  render: frame(screen, { tab, inside, classes: fill ? ['date-an-intervention-fill'] : [] }),
  title: `${title} · Date An Intervention`,
  auth: true,
});

export const routes = {
  [BASE]: route(discover, 'Discover', { tab: 'discover', fill: true }),
  [`${BASE}/discover`]: route(discover, 'Discover', { tab: 'discover', fill: true }),
  [`${BASE}/matches`]: route(matches, 'Matches', { tab: 'matches' }),
  [`${BASE}/stats`]: route(stats, 'Stats', { tab: 'stats' }),
  [`${BASE}/compare`]: route(compare, 'Compare'),
  [`${BASE}/profile/:id`]: route(profile, 'Profile'),
  [`${BASE}/chat/:id`]: route(chat, 'Chat', { inside: 'matches', fill: true }),
};
