// Matches: a summary of my swiping, then every like and super-like, newest first, each with the
// chat's last line. A card opens the chat; its Profile link opens the full profile.
import { h, timeEl } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { moreButton } from '../../paging.js';
import * as client from './client.js';
import { chatHref, emojiBadge, profileHref } from './intervention-view.js';
import { statsSummary } from './stats.js';

function preview(match) {
  const last = match.lastMessage;
  if (!last) return h('p', { class: 'date-an-intervention-match-preview muted' }, 'No messages yet. Say hello!');
  return h('p', { class: 'date-an-intervention-match-preview' },
    h('span', { class: 'sr-only' }, last.role === 'user' ? 'You said: ' : `${match.intervention.name} said: `),
    last.role === 'user' ? h('span', { class: 'muted', 'aria-hidden': 'true' }, 'You: ') : null,
    last.text);
}

function matchCard(match) {
  const it = match.intervention;
  const superLiked = match.direction === 'superlike';
  return h('li', { class: 'date-an-intervention-match', dataset: { testid: 'dai-match', id: it.id, direction: match.direction } },
    emojiBadge(it, 'md'),
    h('div', { class: 'date-an-intervention-match-body' },
      h('h2', { class: 'date-an-intervention-match-name' },
        // The whole card is this link's target area (CSS stretches it); Profile stays separately clickable.
        h('a', { class: 'date-an-intervention-match-link', href: chatHref(it.id), dataset: { testid: 'dai-match-chat' } }, it.name)),
      superLiked ? h('p', { class: 'date-an-intervention-superliked', dataset: { testid: 'dai-superliked' } },
        h('span', { 'aria-hidden': 'true' }, '★ '), 'Super-liked') : null,
      preview(match),
      h('p', { class: 'date-an-intervention-match-meta muted' }, 'Matched ', timeEl(match.matchedAt))),
    h('a', { class: 'btn btn-quiet date-an-intervention-match-profile', href: profileHref(it.id), dataset: { testid: 'dai-match-profile' },
      'aria-label': `${it.name}: profile` }, 'Profile'));
}

export function render(root) {
  let alive = true;
  const alert = formAlert('dai-matches-error');
  const summary = h('div', { class: 'date-an-intervention-summary-slot' });
  const list = h('ul', { class: 'date-an-intervention-matches', dataset: { testid: 'dai-matches' }, 'aria-busy': 'true' });
  const empty = h('div', { class: 'date-an-intervention-empty', hidden: true, dataset: { testid: 'dai-matches-empty' } },
    h('p', { class: 'date-an-intervention-empty-emoji', 'aria-hidden': 'true' }, '💌'),
    h('p', {}, 'No matches yet. Swipe right on an intervention you like and it shows up here.'),
    h('a', { class: 'btn btn-primary', href: '#/date-an-intervention/discover' }, 'Discover'));
  // Older matches come a page at a time as the list is scrolled to its end.
  const more = moreButton({
    fetchPage: client.getMatches,
    testid: 'dai-matches-more',
    label: 'Show older matches',
    show: (page) => { if (alive) list.append(...page.items.filter((m) => !shown(m)).map(matchCard)); },
    onError: (err) => { if (alive) alert.show(err.detail || err.message); },
  });
  const shown = (match) => [...list.children].some((li) => li.dataset.id === match.intervention.id);
  root.append(h('h1', { tabindex: '-1' }, 'Matches'), alert.el, summary, list, more.el, empty);

  Promise.all([client.getMatches(), client.getStats()]).then(([page, stats]) => {
    if (!alive) return;
    const matched = stats.likes + stats.superLikes;
    summary.replaceChildren(statsSummary(stats, matched));
    list.replaceChildren(...page.items.map(matchCard));
    more.start(page);
    empty.hidden = page.items.length > 0;
  }, (err) => {
    if (alive) alert.show(err.detail || err.message);
  }).finally(() => list.setAttribute('aria-busy', 'false'));

  return () => { alive = false; more.stop(); };
}
