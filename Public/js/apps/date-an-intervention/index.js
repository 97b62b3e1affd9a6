// Date An Intervention in the web shell: one frame (app name + tab bar) around the screens.
// Discover, Matches and Stats are the tabs; a profile, a chat and a comparison are reached from
// them and keep the tab bar, so the way back is always one tap away.
import { h } from '../../dom.js';
import * as discover from './discover.js';
import * as matches from './matches.js';
import * as stats from './stats.js';
import * as profile from './profile.js';
import * as chat from './chat.js';
import * as compare from './compare.js';
import { trackHeaderHeight } from './viewport.js';

const DAI_BASE = '/date-an-intervention';

const TABS = [
  { id: 'discover', label: 'Discover', route: `${DAI_BASE}/discover` },
  { id: 'matches', label: 'Matches', route: `${DAI_BASE}/matches` },
  { id: 'stats', label: 'Stats', route: `${DAI_BASE}/stats` },
];

/**
 * Plain links, like Innovation Engine's: each tab is a page with its own URL. The tab's own page
 * is aria-current="page"; a page inside a tab's section (a chat, inside Matches) marks it "true".
 */
function tabBar(current, inside) {
  return h('nav', { class: 'dai-tabs', 'aria-label': 'Date An Intervention' },
    h('ul', {}, TABS.map((tab) => h('li', {},
      h('a', {
        href: `#${tab.route}`, class: 'dai-tab', dataset: { testid: `dai-tab-${tab.id}` },
        'aria-current': tab.id === current ? 'page' : tab.id === inside ? 'true' : null,
      }, tab.label)))));
}

/**
 * Each screen appends its own <h1> synchronously: the shell focuses it right after render.
 * A `fill` screen (Discover, chat) is exactly one screen tall below the shell's header, so a
 * phone shows the card and its buttons, or the chat and its composer, without scrolling to them.
 */
function frame(screen, tab, inside, { fill = false } = {}) {
  return (root, ctx) => {
    const classes = fill ? ['dai', 'dai-fill'] : ['dai'];
    root.classList.add(...classes);
    const untrack = trackHeaderHeight(root);
    const body = h('div', { class: 'dai-screen' });
    root.append(h('p', { class: 'dai-app-name' }, 'Date An Intervention'), tabBar(tab, inside), body);
    const cleanup = screen.render(body, ctx);
    // main.js reuses <main> for every page: drop our classes and properties when leaving.
    return () => { root.classList.remove(...classes); untrack(); cleanup?.(); };
  };
}

const route = (screen, tab, title, inside = null, options = {}) => ({
  render: frame(screen, tab, inside, options), title: `${title} · Date An Intervention`, auth: true });
const FILL = { fill: true };

export const DAI_ROUTES = {
  [DAI_BASE]: route(discover, 'discover', 'Discover', null, FILL),
  [`${DAI_BASE}/discover`]: route(discover, 'discover', 'Discover', null, FILL),
  [`${DAI_BASE}/matches`]: route(matches, 'matches', 'Matches'),
  [`${DAI_BASE}/stats`]: route(stats, 'stats', 'Stats'),
  [`${DAI_BASE}/compare`]: route(compare, null, 'Compare'),
  [`${DAI_BASE}/profile/:id`]: route(profile, null, 'Profile'),
  [`${DAI_BASE}/chat/:id`]: route(chat, null, 'Chat', 'matches', FILL),
};
