// Matches: a summary of my swiping, then every like and super-like, newest first, each with the
// chat's last line. A card opens the chat; its Profile link opens the full profile.
import { h, timeEl } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { chatHref, emojiBadge, profileHref } from './intervention-view.js';
import { statsSummary } from './stats.js';

function preview(match) {
  const last = match.lastMessage;
  if (!last) return h('p', { class: 'dai-match-preview muted' }, 'No messages yet. Say hello!');
  return h('p', { class: 'dai-match-preview' },
    h('span', { class: 'sr-only' }, last.role === 'user' ? 'You said: ' : `${match.intervention.name} said: `),
    last.role === 'user' ? h('span', { class: 'muted', 'aria-hidden': 'true' }, 'You: ') : null,
    last.text);
}

function matchCard(match) {
  const it = match.intervention;
  const superLiked = match.direction === 'superlike';
  return h('li', { class: 'dai-match', dataset: { testid: 'dai-match', id: it.id, direction: match.direction } },
    emojiBadge(it, 'md'),
    h('div', { class: 'dai-match-body' },
      h('h2', { class: 'dai-match-name' },
        // The whole card is this link's target area (CSS stretches it); Profile stays separately clickable.
        h('a', { class: 'dai-match-link', href: chatHref(it.id), dataset: { testid: 'dai-match-chat' } }, it.name)),
      superLiked ? h('p', { class: 'dai-superliked', dataset: { testid: 'dai-superliked' } },
        h('span', { 'aria-hidden': 'true' }, '★ '), 'Super-liked') : null,
      preview(match),
      h('p', { class: 'dai-match-meta muted' }, 'Matched ', timeEl(match.matchedAt))),
    h('a', { class: 'btn btn-quiet dai-match-profile', href: profileHref(it.id), dataset: { testid: 'dai-match-profile' },
      'aria-label': `${it.name}: profile` }, 'Profile'));
}

export function render(root) {
  let alive = true;
  const alert = formAlert('dai-matches-error');
  const summary = h('div', { class: 'dai-summary-slot' });
  const list = h('ul', { class: 'dai-matches', dataset: { testid: 'dai-matches' }, 'aria-busy': 'true' });
  const empty = h('div', { class: 'dai-empty', hidden: true, dataset: { testid: 'dai-matches-empty' } },
    h('p', { class: 'dai-empty-emoji', 'aria-hidden': 'true' }, '💌'),
    h('p', {}, 'No matches yet. Swipe right on an intervention you like and it shows up here.'),
    h('a', { class: 'btn btn-primary', href: '#/date-an-intervention/discover' }, 'Discover'));
  root.append(h('h1', { tabindex: '-1' }, 'Matches'), alert.el, summary, list, empty);

  Promise.all([client.getMatches(), client.getStats()]).then(([{ matches }, stats]) => {
    if (!alive) return;
    summary.replaceChildren(statsSummary(stats, matches.length));
    list.replaceChildren(...matches.map(matchCard));
    empty.hidden = matches.length > 0;
  }, (err) => {
    if (alive) alert.show(err.detail || err.message);
  }).finally(() => list.setAttribute('aria-busy', 'false'));

  return () => { alive = false; };
}
