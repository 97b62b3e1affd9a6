// How an intervention looks wherever it appears (card, profile, match, chat, comparison):
// its gradient, emoji, category chip, the words for its levels and the TRL bar.
import { h } from '../../dom.js';

export const LEVELS = {
  impactScale: { label: 'Impact scale', words: { global: 'Global', regional: 'Regional', local: 'Local' } },
  researchLevel: { label: 'Research level', words: { early: 'Early', emerging: 'Emerging', established: 'Established' } },
  supportLevel: { label: 'Support level', words: { low: 'Low', mixed: 'Mixed', high: 'High' } },
};

/** The order research levels rank in, for "which is further along". */
export const RESEARCH_RANK = { early: 1, emerging: 2, established: 3 };

export const levelWord = (kind, value) => LEVELS[kind].words[value] || value || '—';

// The contract documents these names; the catalogue's own names win once it has loaded.
const CATEGORY_NAMES = { srm: 'Stratospheric/SRM', ocean: 'Ocean-based', ice: 'Ice preservation', land: 'Land-based',
  localized: 'Localized' };

/** Map of category id -> display name, from a catalogue (or the documented names without one). */
export function categoryNames(catalogue) {
  const names = new Map(Object.entries(CATEGORY_NAMES));
  for (const c of catalogue?.categories || []) names.set(c.id, c.name);
  return names;
}

export function categoryChip(category, names) {
  return h('span', { class: 'date-an-intervention-chip date-an-intervention-chip-category', dataset: { category, testid: 'dai-category' } },
    names?.get(category) || CATEGORY_NAMES[category] || category);
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * Paint the intervention's gradient behind `el`. The CSP forbids style attributes in markup, but
 * CSSOM custom properties are allowed; the CSS turns them into the gradient. Colours are checked
 * first, so nothing but a colour ever reaches the stylesheet.
 */
export function paintGradient(el, intervention) {
  const [from, to] = intervention?.gradient || [];
  if (HEX.test(from || '')) el.style.setProperty('--date-an-intervention-from', from);
  if (HEX.test(to || '')) el.style.setProperty('--date-an-intervention-to', to);
  el.classList.add('date-an-intervention-gradient');
  return el;
}

/** The emoji on its gradient: decorative, since the name is always written next to it. */
export function emojiBadge(intervention, size = 'md') {
  return paintGradient(h('span', { class: `date-an-intervention-badge date-an-intervention-badge-${size}`, 'aria-hidden': 'true' },
    h('span', { class: 'date-an-intervention-emoji' }, intervention.emoji || '🌍')), intervention);
}

/** TRL as nine segments, the first n filled; read out as one phrase. */
export function trlBar(trl) {
  const level = Math.max(0, Math.min(9, Number(trl) || 0));
  return h('span', { class: 'date-an-intervention-trl', role: 'img', 'aria-label': `Technology readiness level ${level} of 9` },
    Array.from({ length: 9 }, (_, i) => h('span', { class: i < level ? 'date-an-intervention-trl-on' : 'date-an-intervention-trl-off' })));
}

/** The four facts as a definition list: impact, research, TRL (with its bar), support. */
export function statsGrid(intervention) {
  const item = (label, ...value) => h('div', { class: 'date-an-intervention-stat' }, h('dt', {}, label), h('dd', {}, ...value));
  return h('dl', { class: 'date-an-intervention-stats-grid', dataset: { testid: 'dai-stats-grid' } },
    item(LEVELS.impactScale.label, levelWord('impactScale', intervention.impactScale)),
    item(LEVELS.researchLevel.label, levelWord('researchLevel', intervention.researchLevel)),
    item('Tech readiness', h('span', { class: 'date-an-intervention-trl-text' }, `TRL ${intervention.techReadiness}/9`),
      trlBar(intervention.techReadiness)),
    item(LEVELS.supportLevel.label, levelWord('supportLevel', intervention.supportLevel)));
}

/** Only web links become links: a catalogue entry must never be able to run script. */
export function safeUrl(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export const profileHref = (id) => `#/date-an-intervention/profile/${encodeURIComponent(id)}`;
export const chatHref = (id) => `#/date-an-intervention/chat/${encodeURIComponent(id)}`;
export const compareHref = (a, b) => `#/date-an-intervention/compare?${new URLSearchParams(b ? { a, b } : { a })}`;
