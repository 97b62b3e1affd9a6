// Rin in the web shell: Contacts (the book), Circles, Score and Profile are the tabs. A contact,
// its form, imports and their progress, Review, a circle, who sees what, "See as…", a person, the
// network and a new alternate are reached from them. Every screen appends its own <h1>, and works
// on the profile chosen in the Profile tab (acting.js). The Profile tab carries the count of asks
// waiting.
import { createAppFrame } from '../../app-frame.js';
import * as access from './access.js';
import * as card from './card.js';
import * as circleNew from './circle-new.js';
import * as circle from './circle.js';
import * as circles from './circles.js';
import * as contactForm from './contact-form.js';
import * as contact from './contact.js';
import * as contacts from './contacts.js';
import * as importProgress from './import-progress.js';
import * as network from './network.js';
import * as imports from './imports.js';
import * as person from './person.js';
import * as profileNew from './profile-new.js';
import * as profile from './profile.js';
import * as review from './review.js';
import * as score from './score.js';
import * as security from './security.js';
import * as seeAs from './see-as.js';
import { decorateTabs } from './tabs.js';

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
  [`${BASE}/contacts/new`]: route(contactForm.create, 'New contact', { inside: 'contacts' }),
  [`${BASE}/contacts/:id`]: route(contact, 'Contact', { inside: 'contacts' }),
  [`${BASE}/contacts/:id/edit`]: route(contactForm.edit, 'Edit contact', { inside: 'contacts' }),
  [`${BASE}/imports`]: route(imports, 'Import contacts', { inside: 'contacts' }),
  [`${BASE}/imports/:id`]: route(importProgress, 'Import', { inside: 'contacts' }),
  [`${BASE}/review`]: route(review, 'Review', { inside: 'contacts' }),
  [`${BASE}/people`]: route(person.find, 'Find someone', { inside: 'contacts' }),
  [`${BASE}/people/:profileId`]: route(person.page, 'Person', { inside: 'contacts' }),
  [`${BASE}/circles`]: route(circles, 'Circles', { tab: 'circles' }),
  [`${BASE}/circles/new`]: route(circleNew, 'New circle', { inside: 'circles' }),
  [`${BASE}/circles/:id`]: route(circle, 'Circle', { inside: 'circles' }),
  [`${BASE}/access`]: route(access, 'Who sees what', { inside: 'circles', classes: ['rin-wide'] }),
  [`${BASE}/see-as`]: route(seeAs, 'See as', { inside: 'profile' }),
  [`${BASE}/score`]: route(score, 'Score', { tab: 'score' }),
  [`${BASE}/network`]: route(network, 'Network', { inside: 'score' }),
  [`${BASE}/profile`]: route(profile, 'Profile', { tab: 'profile' }),
  [`${BASE}/security`]: route(security, 'Security', { inside: 'profile' }),
  [`${BASE}/profile/new`]: route(profileNew, 'New profile', { inside: 'profile' }),
  [`${BASE}/card/:token`]: route(card.page, 'Shared card', { inside: 'contacts' }),
};

export const boot = card.captureShareLink;
