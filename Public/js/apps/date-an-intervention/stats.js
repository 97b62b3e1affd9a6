// Stats: how I swipe (totals, like rate, favourite category) and a bar per category, plus the
// deck reset. The compact summary is shared with the Matches screen.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import * as client from './client.js';

const percent = (part, whole) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * What the like rate counts, in words: a bare "Liked 63%" beside "Likes 3" read as a
 * contradiction, because the rate includes super-likes and is a share, not a count.
 */
export function likeRateDetail(stats) {
  if (stats.swiped === 0) return 'No cards swiped yet';
  const liked = stats.likes + stats.superLikes;
  const of = `you liked ${liked} of the ${stats.swiped} ${stats.swiped === 1 ? 'card' : 'cards'} you swiped`;
  return stats.superLikes > 0 ? `${of}, super-likes included` : of;
}

function favourite(stats) {
  return stats.categories.find((c) => c.category === stats.favouriteCategory)?.name || null;
}

/** One line of numbers for the top of Matches. */
export function statsSummary(stats, matchCount) {
  const fav = favourite(stats);
  const item = (value, label, testid) => h('li', { dataset: { testid } },
    h('span', { class: 'date-an-intervention-summary-value' }, value), h('span', { class: 'date-an-intervention-summary-label' }, label));
  return h('ul', { class: 'date-an-intervention-summary', dataset: { testid: 'dai-stats-summary' }, 'aria-label': 'Your swiping so far' },
    item(String(stats.swiped), 'swiped', 'dai-summary-swiped'),
    item(`${stats.likePercentage}%`, 'like rate', 'dai-summary-like-percentage'),
    item(String(matchCount), matchCount === 1 ? 'match' : 'matches', 'dai-summary-matches'),
    fav ? item(fav, 'favourite', 'dai-summary-favourite') : null);
}

/** A category's bar: liked and passed as shares of the whole category; the rest is unswiped. */
function categoryRow(c) {
  const bar = h('span', { class: 'date-an-intervention-bar', role: 'img',
    'aria-label': `${c.liked} liked, ${c.passed} passed, ${c.total - c.swiped} not swiped yet, of ${c.total}` },
  h('span', { class: 'date-an-intervention-bar-liked' }), h('span', { class: 'date-an-intervention-bar-passed' }));
  // Widths through CSSOM custom properties: style attributes are refused by the CSP.
  bar.style.setProperty('--date-an-intervention-liked', `${percent(c.liked, c.total)}%`);
  bar.style.setProperty('--date-an-intervention-passed', `${percent(c.passed, c.total)}%`);
  return h('li', { class: 'date-an-intervention-category-row', dataset: { testid: 'dai-category-stats', category: c.category } },
    h('div', { class: 'date-an-intervention-category-head' },
      h('span', { class: 'date-an-intervention-category-name' }, c.name),
      h('span', { class: 'muted' }, `${c.liked} liked · ${c.passed} passed · ${c.total} in all`)),
    bar);
}

export function render(root) {
  let alive = true;
  const alert = formAlert('dai-stats-error');
  const status = statusLine('dai-stats-status');
  const content = h('div', { class: 'date-an-intervention-stats', dataset: { testid: 'dai-stats' }, 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Counting…'));
  const resetButton = h('button', { type: 'button', class: 'btn btn-danger', dataset: { testid: 'dai-stats-reset' } }, 'Reset deck');
  root.append(h('h1', { tabindex: '-1' }, 'Your stats'), alert.el, content,
    h('section', { class: 'card date-an-intervention-reset-card' },
      h('h2', {}, 'Start over'),
      h('p', { class: 'muted' }, 'Resetting forgets every swipe, so all the cards come back and your matches list empties. Conversations are kept and return when you match again.'),
      resetButton),
    status.el);

  function draw(stats) {
    const fact = (label, value, testid, wide = false) => h('div',
      { class: wide ? 'date-an-intervention-stat date-an-intervention-stat-wide' : 'date-an-intervention-stat' },
      h('dt', {}, label), h('dd', { dataset: { testid } }, value));
    // Counts first, then the rate with what it counts spelled out, so no two numbers seem to disagree.
    const rate = [
      h('span', { class: 'date-an-intervention-stat-rate', dataset: { testid: 'dai-stat-like-percentage' } }, `${stats.likePercentage}%`),
      h('span', { class: 'date-an-intervention-stat-note', dataset: { testid: 'dai-stat-like-rate-detail' } },
        ` — ${likeRateDetail(stats)}`)];
    content.replaceChildren(
      h('dl', { class: 'date-an-intervention-stats-grid date-an-intervention-totals' },
        fact('Swiped', String(stats.swiped), 'dai-stat-swiped'),
        fact('Likes', String(stats.likes), 'dai-stat-likes'),
        fact('Super-likes', String(stats.superLikes), 'dai-stat-superlikes'),
        fact('Passes', String(stats.passes), 'dai-stat-passes'),
        fact('Like rate', rate, 'dai-stat-like-rate', true),
        fact('Favourite category', favourite(stats) || 'None yet', 'dai-stat-favourite', true)),
      h('h2', { class: 'section-title' }, 'By category'),
      h('ul', { class: 'date-an-intervention-category-list' }, stats.categories.map(categoryRow)),
      h('p', { class: 'date-an-intervention-legend muted', 'aria-hidden': 'true' },
        h('span', { class: 'date-an-intervention-key date-an-intervention-key-liked' }), 'liked ',
        h('span', { class: 'date-an-intervention-key date-an-intervention-key-passed' }), 'passed'));
  }

  async function load() {
    try {
      const stats = await client.getStats();
      if (alive) draw(stats);
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      content.setAttribute('aria-busy', 'false');
    }
  }

  resetButton.addEventListener('click', async () => {
    if (!window.confirm('Reset the deck? Every swipe is forgotten and your matches are undone. Conversations are kept.')) return;
    resetButton.disabled = true;
    alert.clear();
    status.clear();
    try {
      const { cleared } = await client.resetDeck(null);
      if (!alive) return;
      status.show(`Deck reset: ${cleared} ${cleared === 1 ? 'swipe' : 'swipes'} forgotten.`);
      await load();
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      resetButton.disabled = false;
    }
  });

  load();
  return () => { alive = false; };
}
