// The Score tab: my Rin Score with its band, whether it is the daily run's (and how old) or
// computed now, the four components as bars with what each is made of and what would raise it
// (the one that costs most first), and the last 90 days as a chart drawn here (no library).
// The network the score reads is a tap away.
import { h, s } from '../../dom.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { screenState } from './state.js';

const COMPONENTS = {
  quality: { name: 'Quality', weight: 40, about: 'How many of the people you hold hold you back, and how surely.' },
  position: { name: 'Position', weight: 30, about: 'How far your network reaches, and whether you connect separate groups.' },
  stability: { name: 'Stability', weight: 20, about: 'How your links last over three months.' },
  trust: { name: 'Trust', weight: 10, about: 'Flags on your account, fading as they age.' },
};
const BANDS = { strong: 'Strong', good: 'Good', building: 'Building', new: 'New' };

/** "25 Nov 2026" for a contract day (YYYY-MM-DD, UTC). */
export function dayText(day) {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function headline(score) {
  const shown = score.official?.value || score.provisional;
  let label;
  if (!score.official) {
    label = h('p', { class: 'muted', dataset: { testid: 'rin-score-label' } },
      'Provisional: computed now. Your first official score comes with the next daily run.');
  } else if (score.official.stale) {
    label = h('p', { class: 'rin-score-stale', dataset: { testid: 'rin-score-label' } }, `Not updated since ${dayText(score.official.day)}.`);
  } else {
    label = h('p', { class: 'muted', dataset: { testid: 'rin-score-label' } }, `Official, from the daily run of ${dayText(score.official.day)}.`);
  }
  const now = score.official && score.provisional.score !== score.official.value.score
    ? h('p', { dataset: { testid: 'rin-score-provisional' } },
      `Now: ${score.provisional.score} (provisional: computed from your network as it is now).`)
    : null;
  return h('section', { class: 'rin-section card rin-score-head', 'aria-labelledby': 'rin-score-title' },
    h('h2', { id: 'rin-score-title', class: 'sr-only' }, 'Your score'),
    h('p', { class: 'rin-score-number' },
      h('span', { dataset: { testid: 'rin-score-value' } }, String(shown.score)),
      h('span', { class: 'rin-score-of' }, ' / 100')),
    h('p', { class: `rin-score-band rin-band-${shown.band}`, dataset: { testid: 'rin-score-band' } }, BANDS[shown.band] || shown.band),
    label, now);
}

function components(score) {
  const list = h('ol', { class: 'rin-components', dataset: { testid: 'rin-score-components' } });
  for (const explanation of score.explanations) {
    const component = COMPONENTS[explanation.component];
    const percent = Math.round(explanation.value * 100);
    const meterId = `rin-meter-${explanation.component}`;
    list.append(h('li', { class: 'rin-component', dataset: { testid: `rin-component-${explanation.component}` } },
      h('div', { class: 'rin-component-head' },
        h('label', { for: meterId }, h('strong', {}, component.name), h('span', { class: 'muted' }, ` · ${component.weight} % of the score`)),
        h('span', { class: 'rin-component-value' }, `${percent} %`)),
      h('meter', { id: meterId, min: '0', max: '100', low: '34', high: '67', optimum: '100', value: String(percent), class: 'rin-meter' },
        `${percent} %`),
      h('p', { dataset: { testid: 'rin-component-summary' } }, explanation.summary),
      explanation.toRaise
        ? h('p', { class: 'rin-component-raise', dataset: { testid: 'rin-component-raise' } }, h('strong', {}, 'To raise it: '), explanation.toRaise)
        : null,
      h('p', { class: 'muted rin-component-about' }, component.about)));
  }
  return h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-components-title' },
    h('h2', { id: 'rin-components-title' }, 'What it’s made of'),
    h('p', { class: 'muted' }, 'The part that costs your score most comes first.'), list);
}

/**
 * The history as an SVG line over 0–100 with the band edges marked: drawn here, since the web
 * client uses no library. A table says the same for screen readers and keyboards.
 */
export function historyChart(days) {
  if (!days.length) {
    return h('p', { class: 'muted', dataset: { testid: 'rin-history-empty' } }, 'Your history starts with your first daily score.');
  }
  const width = 320, height = 140, left = 28, right = 8, top = 8, bottom = 20;
  const first = Date.parse(`${days[0].day}T00:00:00Z`);
  const last = Date.parse(`${days[days.length - 1].day}T00:00:00Z`);
  const span = Math.max(last - first, 86_400_000);
  const x = (day) => left + ((Date.parse(`${day}T00:00:00Z`) - first) / span) * (width - left - right);
  const y = (score) => top + (1 - score / 100) * (height - top - bottom);
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, class: 'rin-history-chart', role: 'img',
    'aria-label': `Your score over ${days.length} ${days.length === 1 ? 'day' : 'days'}: from ${days[0].score} to ${days[days.length - 1].score}.`,
    dataset: { testid: 'rin-history-chart' } });
  for (const edge of [30, 60, 80]) {
    svg.append(s('line', { x1: left, x2: width - right, y1: y(edge), y2: y(edge), class: 'rin-history-grid' }),
      s('text', { x: left - 4, y: y(edge) + 3, class: 'rin-history-tick', 'text-anchor': 'end' }, String(edge)));
  }
  const points = days.map((d) => `${x(d.day).toFixed(1)},${y(d.score).toFixed(1)}`).join(' ');
  svg.append(s('polyline', { points, class: 'rin-history-line', dataset: { testid: 'rin-history-line' } }));
  for (const d of days) svg.append(s('circle', { cx: x(d.day).toFixed(1), cy: y(d.score).toFixed(1), r: 2.5, class: 'rin-history-dot' }));
  svg.append(s('text', { x: left, y: height - 4, class: 'rin-history-tick' }, dayText(days[0].day)),
    s('text', { x: width - right, y: height - 4, class: 'rin-history-tick', 'text-anchor': 'end' }, dayText(days[days.length - 1].day)));
  const table = h('table', { class: 'sr-only', dataset: { testid: 'rin-history-table' } },
    h('caption', {}, 'Your daily scores'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Day'), h('th', { scope: 'col' }, 'Score'))),
    h('tbody', {}, days.map((d) => h('tr', {}, h('td', {}, dayText(d.day)), h('td', {}, String(d.score))))));
  return h('div', {}, svg, table);
}

export function render(root) {
  let alive = true;
  const state = screenState('rin-score-state');
  const body = h('div', { dataset: { testid: 'rin-score' } });
  root.append(h('h1', { tabindex: '-1', class: 'rin-title' }, 'Score'),
    h('p', { class: 'muted' }, 'Your Rin Score: how linked, well placed and steady your network is. Only you see it.'),
    state.el, body);

  async function load() {
    state.loading();
    try {
      const [score, history] = await Promise.all([client.getScore(), client.getScoreHistory()]);
      if (!alive) return;
      state.done();
      body.replaceChildren(headline(score), components(score),
        h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-history-title' },
          h('h2', { id: 'rin-history-title' }, 'The last 90 days'), historyChart(history.items)),
        h('div', { class: 'actions' },
          h('a', { class: 'btn', href: '#/rin/network', dataset: { testid: 'rin-score-network' } }, icon('people'), 'Your network')));
    } catch (err) {
      if (alive) state.failed(err, load);
    }
  }
  load();
  return () => { alive = false; };
}
