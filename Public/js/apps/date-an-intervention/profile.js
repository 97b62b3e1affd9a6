// A profile in full: the gradient header, bio, the four facts, personality, what it brings, its
// dealbreakers and its sources. Matched, it offers "Message"; not yet swiped, like / pass here.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import * as client from './client.js';
import { categoryChip, categoryNames, chatHref, compareHref, paintGradient, safeUrl, statsGrid } from './intervention-view.js';

const SWIPED = { like: 'You liked it', superlike: 'You super-liked it', pass: 'You passed' };

export function render(root, { params }) {
  const id = params.id;
  let alive = true;
  const heading = h('h1', { tabindex: '-1', class: 'date-an-intervention-hero-name', dataset: { testid: 'dai-profile-name' } }, 'Profile');
  const emoji = h('span', { class: 'date-an-intervention-hero-emoji', 'aria-hidden': 'true' });
  const facts = h('div', { class: 'date-an-intervention-hero-facts' });
  const hero = h('header', { class: 'date-an-intervention-hero' }, emoji, heading, facts);
  const alert = formAlert('dai-profile-error');
  const status = statusLine('dai-profile-status');
  const actions = h('div', { class: 'date-an-intervention-profile-actions', dataset: { testid: 'dai-profile-actions' } });
  const body = h('div', { class: 'date-an-intervention-profile-body' });
  const page = h('article', { class: 'date-an-intervention-profile', dataset: { testid: 'dai-profile' }, 'aria-busy': 'true' },
    hero, alert.el, actions, status.el, body);
  root.append(page);

  let current = null; // { intervention, swipe }
  let names = categoryNames(null);

  function drawActions() {
    const { intervention, swipe } = current;
    const matched = client.isMatch(swipe);
    const message = matched
      ? h('a', { class: 'btn btn-primary', href: chatHref(intervention.id), dataset: { testid: 'dai-message-button' } }, 'Message')
      : h('button', { type: 'button', class: 'btn btn-primary', disabled: true, dataset: { testid: 'dai-message-button' },
        'aria-describedby': 'date-an-intervention-message-why' }, 'Message');
    const swipeButton = (direction, label, testid) => h('button', { type: 'button', class: 'btn', dataset: { testid },
      onclick: (e) => swipeHere(direction, e.currentTarget) }, label);
    actions.replaceChildren(...[
      h('div', { class: 'actions' },
        message,
        swipe ? null : swipeButton('like', '♥ Like', 'dai-profile-like'),
        swipe ? null : swipeButton('superlike', '★ Super-like', 'dai-profile-superlike'),
        swipe ? null : swipeButton('pass', '✕ Pass', 'dai-profile-pass'),
        h('a', { class: 'btn btn-quiet', href: compareHref(intervention.id), dataset: { testid: 'dai-compare-link' } }, 'Compare')),
      matched ? null : h('p', { class: 'hint', id: 'date-an-intervention-message-why' }, swipe === 'pass'
        ? 'You passed. Undo it on Discover or reset the deck to change your mind.'
        : 'Like it to match, then you can message it.'),
    ].filter(Boolean)); // native replaceChildren would print null as text
  }

  async function swipeHere(direction, button) {
    button.disabled = true;
    alert.clear();
    try {
      const result = await client.swipe(id, direction);
      if (!alive) return;
      current.swipe = result.direction;
      status.show(result.match ? `It’s a match! Say hello to ${current.intervention.name}.` : `You passed on ${current.intervention.name}.`);
      draw();
      actions.querySelector('a.btn-primary, button')?.focus();
    } catch (err) {
      if (!alive) return;
      alert.show(err.detail || err.message);
      button.disabled = false;
      if (err.status === 409) load(); // swiped elsewhere meanwhile: show how
    }
  }

  function section(title, testid, content) {
    return h('section', { class: 'date-an-intervention-section', dataset: { testid } }, h('h2', {}, title), content);
  }

  function list(items, testid) {
    return h('ul', { class: 'date-an-intervention-list', dataset: { testid } }, (items || []).map((text) => h('li', {}, text)));
  }

  function reference(ref) {
    const url = safeUrl(ref.url);
    const title = url
      ? h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, ref.title, h('span', { class: 'sr-only' }, ' (opens in a new tab)'))
      : h('span', {}, ref.title);
    return h('li', { class: 'date-an-intervention-reference' }, title, h('span', { class: 'muted' }, ` — ${ref.publisher}, ${ref.year}`));
  }

  function draw() {
    const { intervention: it, swipe } = current;
    heading.textContent = it.name;
    document.title = `${it.name} · Date An Intervention · Kindred`;
    emoji.textContent = it.emoji || '🌍';
    paintGradient(hero, it);
    facts.replaceChildren(
      h('p', { class: 'date-an-intervention-hero-age' }, it.age),
      h('p', { class: 'date-an-intervention-hero-tagline' }, it.tagline),
      h('p', { class: 'date-an-intervention-hero-meta' }, categoryChip(it.category, names),
        swipe ? h('span', { class: 'date-an-intervention-chip date-an-intervention-chip-swipe',
          dataset: { testid: 'dai-profile-swipe', swipe } }, SWIPED[swipe]) : null));
    drawActions();
    body.replaceChildren(
      h('p', { class: 'date-an-intervention-bio' }, it.bio),
      statsGrid(it),
      section('Personality', 'dai-personality',
        h('ul', { class: 'date-an-intervention-chips' }, it.personality.map((p) => h('li', { class: 'date-an-intervention-chip' }, p)))),
      section('Conversation style', 'dai-conversation-style', h('p', {}, it.conversationStyle)),
      h('div', { class: 'date-an-intervention-columns' },
        section('What I bring', 'dai-interests', list(it.interests, 'dai-interests-list')),
        section('Dealbreakers', 'dai-dealbreakers', list(it.dealbreakers, 'dai-dealbreakers-list'))),
      section('References', 'dai-references',
        h('ul', { class: 'date-an-intervention-list date-an-intervention-references' }, it.references.map(reference))));
  }

  async function load() {
    try {
      const [detail, catalogue] = await Promise.all([client.getIntervention(id), client.catalogue().catch(() => null)]);
      if (!alive) return;
      names = categoryNames(catalogue);
      current = { intervention: detail.intervention, swipe: detail.swipe || null };
      draw();
    } catch (err) {
      if (!alive) return;
      heading.textContent = err.status === 404 ? 'Profile not found' : 'Profile';
      alert.show(err.status === 404 ? 'There is no intervention with this address.' : err.detail || err.message);
    } finally {
      page.setAttribute('aria-busy', 'false');
    }
  }

  load();
  return () => { alive = false; };
}
