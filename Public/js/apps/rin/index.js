// Rin in the web shell: Contacts (the book), Circles, Score and Profile are the tabs. A contact,
// its form, imports and their progress, Review, a circle, who sees what, "See as…", a person, the
// network and a new alternate are reached from them. Every screen appends its own <h1>, and works
// on the profile chosen in the Profile tab (acting.js). The Profile tab carries the count of asks
// waiting.
import { createAppFrame } from '../../app-frame.js';
import { lazyScreen, prefetchWhenIdle } from '../../lazy-screen.js';
import * as card from './card.js';
import * as contacts from './contacts.js';
import { decorateTabs } from './tabs.js';

// Each screen's module is imported when the screen is first opened: Rin is the largest app (53
// modules), and its first screen needs a third of them. The rest arrive while the browser is
// idle. In the entry stay the book (`/rin`'s own screen, so its modules are named for preloading
// with the app's and arrive at once) and the shared card (its link is read as the app loads).
const screens = {
  access: lazyScreen(() => import('./access.js'), 'Who sees what'),
  circleNew: lazyScreen(() => import('./circle-new.js'), 'New circle'),
  circle: lazyScreen(() => import('./circle.js'), 'Circle'),
  circles: lazyScreen(() => import('./circles.js'), 'Circles'),
  contactCreate: lazyScreen(() => import('./contact-form.js'), 'New contact', (module) => module.create),
  contactEdit: lazyScreen(() => import('./contact-form.js'), 'Edit contact', (module) => module.edit),
  contact: lazyScreen(() => import('./contact.js'), 'Contact'),
  importProgress: lazyScreen(() => import('./import-progress.js'), 'Import'),
  network: lazyScreen(() => import('./network.js'), 'Network'),
  imports: lazyScreen(() => import('./imports.js'), 'Import contacts'),
  personFind: lazyScreen(() => import('./person.js'), 'Find someone', (module) => module.find),
  personPage: lazyScreen(() => import('./person.js'), 'Person', (module) => module.page),
  profileNew: lazyScreen(() => import('./profile-new.js'), 'New profile'),
  profile: lazyScreen(() => import('./profile.js'), 'Profile'),
  review: lazyScreen(() => import('./review.js'), 'Review'),
  score: lazyScreen(() => import('./score.js'), 'Score'),
  security: lazyScreen(() => import('./security.js'), 'Security'),
  seeAs: lazyScreen(() => import('./see-as.js'), 'See as'),
};

const BASE = '/rin';

const frame = createAppFrame({
  id: 'rin',
  name: 'Rin',
  tabs: [
    { id: 'contacts', label: 'Contacts', route: `${BASE}/contacts`, testid: 'rin-tab-contacts' },
    { id: 'circles', label: 'Circles', route: `${BASE}/circles`, testid: 'rin-tab-circles' },
    { id: 'score', label: 'Score', route: `${BASE}/score`, testid: 'rin-tab-score' },
    { id: 'profile', label: 'Profile', route: `${BASE}/profile`, testid: 'rin-tab-profile' },
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
  title: `${title} · Rin`,
  auth: true,
});

export const routes = {
  [BASE]: route(contacts, 'Contacts', { tab: 'contacts' }),
  [`${BASE}/contacts`]: route(contacts, 'Contacts', { tab: 'contacts' }),
  [`${BASE}/contacts/new`]: route(screens.contactCreate, 'New contact', { inside: 'contacts' }),
  [`${BASE}/contacts/:id`]: route(screens.contact, 'Contact', { inside: 'contacts' }),
  [`${BASE}/contacts/:id/edit`]: route(screens.contactEdit, 'Edit contact', { inside: 'contacts' }),
  [`${BASE}/imports`]: route(screens.imports, 'Import contacts', { inside: 'contacts' }),
  [`${BASE}/imports/:id`]: route(screens.importProgress, 'Import', { inside: 'contacts' }),
  [`${BASE}/review`]: route(screens.review, 'Review', { inside: 'contacts' }),
  [`${BASE}/people`]: route(screens.personFind, 'Find someone', { inside: 'contacts' }),
  [`${BASE}/people/:profileId`]: route(screens.personPage, 'Person', { inside: 'contacts' }),
  [`${BASE}/circles`]: route(screens.circles, 'Circles', { tab: 'circles' }),
  [`${BASE}/circles/new`]: route(screens.circleNew, 'New circle', { inside: 'circles' }),
  [`${BASE}/circles/:id`]: route(screens.circle, 'Circle', { inside: 'circles' }),
  [`${BASE}/access`]: route(screens.access, 'Who sees what', { inside: 'circles', classes: ['rin-wide'] }),
  [`${BASE}/see-as`]: route(screens.seeAs, 'See as', { inside: 'profile' }),
  [`${BASE}/score`]: route(screens.score, 'Score', { tab: 'score' }),
  [`${BASE}/network`]: route(screens.network, 'Network', { inside: 'score' }),
  [`${BASE}/profile`]: route(screens.profile, 'Profile', { tab: 'profile' }),
  [`${BASE}/security`]: route(screens.security, 'Security', { inside: 'profile' }),
  [`${BASE}/profile/new`]: route(screens.profileNew, 'New profile', { inside: 'profile' }),
  [`${BASE}/card/:token`]: route(card.page, 'Shared card', { inside: 'contacts' }),
};

export function boot() {
  card.captureShareLink();
  prefetchWhenIdle(Object.values(screens));
}
