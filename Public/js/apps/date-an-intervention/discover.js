// Discover: the deck as a card stack, swiped by dragging sideways, by the buttons or by the arrow
// keys. The screen is one phone screen tall (index.js `fill`), so the card and its buttons are
// always in view together and nobody has to scroll across the card to reach them.
// Swipes are optimistic (the card leaves at once) but never lost: requests run one at a time in
// the order they were made, and a card whose swipe fails comes back on top with the reason.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { createCardStack } from './card-stack.js';
import { createMatchToast } from './match-toast.js';
import { categoryNames } from './intervention-view.js';

const BATCH = 10;
const LOW_WATER = 4; // fetch more before the stack can run dry
const VERB = { like: 'Liked', pass: 'Passed on', superlike: 'Super-liked' };

export function render(root, { navigate, query }) {
  const names = categoryNames(null); // filled in place when the catalogue arrives
  let category = names.has(query.get('category')) ? query.get('category') : '';
  let queue = []; // cards not yet swiped here, top first
  const pinned = new Set(); // undone cards: they stay on top even if the server deals another order
  const pending = new Map(); // id -> card, swipes sent but not yet answered
  let remaining = 0;
  let canUndo = false;
  let undoing = false;
  let loaded = false;
  let failed = false; // the last deck read failed: offer to try again instead of "Dealing cards…"
  let loadQueued = false; // one deck read waiting is enough: it will see every swipe before it
  let generation = 0; // bumped when the filter changes, so an older deck answer is ignored
  let chain = Promise.resolve();
  let alive = true;

  /** Run deck requests one after another, so the server sees swipes and undos in order. */
  function serial(task) {
    const run = chain.then(task);
    chain = run.catch(() => {});
    return run;
  }

  const alert = formAlert('dai-error');
  const announcer = h('p', { class: 'sr-only', 'aria-live': 'polite', dataset: { testid: 'dai-announce' } });
  const select = h('select', { id: 'date-an-intervention-filter', class: 'date-an-intervention-select',
    dataset: { testid: 'dai-filter' } });
  const left = h('p', { class: 'date-an-intervention-left muted', dataset: { testid: 'dai-remaining' } });
  const stage = h('div', { class: 'date-an-intervention-stage', dataset: { testid: 'dai-stage' } });
  const stack = createCardStack({ names, onSwipe: swiped, onOpen: (card) => navigate(`/date-an-intervention/profile/${encodeURIComponent(card.id)}`) });
  const toast = createMatchToast({ onDismiss: () => stack.focusTop() });
  const statusText = h('p', { class: 'muted', role: 'status' }, 'Dealing cards…');
  const tryAgain = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'dai-deck-retry' },
    onclick: () => { failed = false; load(); draw(); } }, 'Try again');
  const status = h('div', { class: 'date-an-intervention-deck-status' }, statusText, tryAgain);
  const resetButton = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'dai-reset' }, onclick: reset },
    'Reset deck');
  const empty = h('div', { class: 'date-an-intervention-empty', hidden: true, dataset: { testid: 'dai-empty' } },
    h('p', { class: 'date-an-intervention-empty-emoji', 'aria-hidden': 'true' }, '🌏'),
    h('h2', {}, 'You’ve seen every card'),
    h('p', { class: 'muted', dataset: { testid: 'dai-empty-text' } }),
    resetButton);
  const button = (testid, symbol, label, onclick, extra = '') => h('button', { type: 'button',
    class: `date-an-intervention-action ${extra}`, 'aria-label': label, title: label, dataset: { testid }, onclick },
  h('span', { 'aria-hidden': 'true' }, symbol));
  const undoButton = button('dai-undo', '↺', 'Undo last swipe', undo, 'date-an-intervention-action-undo');
  const passButton = button('dai-pass', '✕', 'Pass', () => stack.fly('pass'), 'date-an-intervention-action-pass');
  const superButton = button('dai-superlike', '★', 'Super-like', () => stack.fly('superlike'), 'date-an-intervention-action-super');
  const likeButton = button('dai-like', '♥', 'Like', () => stack.fly('like'), 'date-an-intervention-action-like');

  root.append(
    h('h1', { tabindex: '-1', class: 'sr-only' }, 'Discover'),
    h('div', { class: 'date-an-intervention-toolbar' },
      h('div', { class: 'date-an-intervention-filter' }, h('label', { for: 'date-an-intervention-filter' }, 'Category'), select), left),
    alert.el,
    stage,
    h('div', { class: 'date-an-intervention-actions', role: 'group', 'aria-label': 'Swipe the top card' },
      undoButton, passButton, superButton, likeButton),
    h('p', { class: 'date-an-intervention-keys muted' }, 'Drag the card sideways, or press ← to pass, → to like, ↑ to super-like, Z to undo.'),
    announcer);
  stage.append(stack.el, status, empty, toast.el);

  function fillFilter(catalogue) {
    const total = catalogue ? catalogue.categories.reduce((n, c) => n + c.count, 0) : null;
    const option = (value, text, count) => h('option', { value, selected: value === category },
      count == null ? text : `${text} (${count})`);
    select.replaceChildren(option('', 'All categories', total),
      ...(catalogue?.categories || [...names].map(([id, name]) => ({ id, name })))
        .map((c) => option(c.id, c.name, c.count)));
    select.value = category;
  }

  function draw() {
    stack.show(queue);
    const top = queue.length > 0;
    status.hidden = top || (loaded && remaining === 0);
    statusText.textContent = failed ? 'The cards could not be dealt.' : 'Dealing cards…';
    tryAgain.hidden = !failed;
    empty.hidden = top || !loaded || remaining > 0;
    // The empty panel's words need more room than a card on a small phone: let the stage grow.
    stage.classList.toggle('date-an-intervention-stage-empty', !empty.hidden);
    // The select beside it names the category, so the count doesn't: short, it shares the
    // select's row on most phones instead of crushing it.
    left.textContent = loaded ? `${remaining} ${remaining === 1 ? 'card' : 'cards'} left` : '';
    empty.querySelector('[data-testid="dai-empty-text"]').textContent = category
      ? `You have swiped every ${names.get(category)} card. Pick another category, or reset these cards to see them again.`
      : 'You have swiped every intervention. Reset the deck to see them all again; your conversations are kept.';
    for (const b of [passButton, superButton, likeButton]) b.disabled = !top;
    undoButton.disabled = undoing || !(canUndo || pending.size > 0);
  }

  const say = (text) => { announcer.textContent = text; };

  /** Take the server's deck, keeping undone cards on top and in-flight swipes out. */
  function merge(deck) {
    const kept = queue.filter((c) => pinned.has(c.id));
    const fresh = deck.cards.filter((c) => !pinned.has(c.id) && !pending.has(c.id));
    queue = [...kept, ...fresh];
    // Swipes still in flight were sent after this read, so the server still counted them.
    const inFlight = [...pending.values()].filter((c) => !category || c.category === category).length;
    remaining = Math.max(queue.length, deck.remaining - inFlight);
    canUndo = deck.canUndo;
    loaded = true;
  }

  function load() {
    const gen = generation;
    loadQueued = true;
    return serial(async () => {
      loadQueued = false;
      try {
        const deck = await client.getDeck(category || null, BATCH);
        if (!alive || gen !== generation) return;
        merge(deck);
        failed = false;
      } catch (err) {
        if (!alive || gen !== generation) return;
        alert.show(err.detail || err.message);
        failed = true;
      }
      if (alive) draw();
    });
  }

  function refillIfLow() {
    if (!loadQueued && queue.length < LOW_WATER && remaining > queue.length) load();
  }

  /** The stack let a card go: record it here at once, then tell the server in order. */
  function swiped(card, direction) {
    queue = queue.filter((c) => c.id !== card.id);
    pinned.delete(card.id);
    pending.set(card.id, card);
    remaining = Math.max(0, remaining - 1);
    toast.hide();
    alert.clear();
    say(`${VERB[direction]} ${card.name}.`);
    draw();
    const gen = generation;
    serial(async () => {
      try {
        const result = await client.swipe(card.id, direction);
        canUndo = true;
        if (alive && result.match) {
          toast.show(result.match);
          say(`It’s a match with ${card.name}!`);
        }
      } catch (err) {
        // 409: already swiped on another device, so the server's answer stands. Otherwise the
        // swipe didn't happen: the card comes back on top so nothing is silently skipped.
        if (err.status !== 409 && gen === generation) {
          queue = [card, ...queue.filter((c) => c.id !== card.id)];
          remaining += 1;
        }
        if (alive) alert.show(err.detail || err.message);
      } finally {
        pending.delete(card.id);
      }
      if (!alive) return;
      draw();
      refillIfLow();
    });
    refillIfLow();
  }

  function undo() {
    if (undoing || !(canUndo || pending.size > 0)) return;
    undoing = true;
    alert.clear();
    draw();
    serial(async () => {
      try {
        const { intervention, canUndo: more } = await client.undoSwipe();
        if (!alive) return;
        toast.hide();
        // On top even if it is outside the current filter: it is the card the person asked back.
        queue = [intervention, ...queue.filter((c) => c.id !== intervention.id)];
        pinned.add(intervention.id);
        remaining += 1;
        canUndo = more;
        say(`${intervention.name} is back on top.`);
      } catch (err) {
        if (err.status === 404) canUndo = false;
        if (alive) alert.show(err.detail || err.message);
      } finally {
        undoing = false;
        if (alive) draw();
      }
    });
  }

  function reset() {
    const what = category ? `your ${names.get(category)} swipes` : 'all your swipes';
    if (!window.confirm(`Reset the deck? This forgets ${what}, so those cards come back and their matches are undone. Conversations are kept.`)) return;
    resetButton.disabled = true;
    alert.clear();
    serial(async () => {
      try {
        await client.resetDeck(category || null);
        pinned.clear();
        queue = [];
        say('The deck is reset.');
      } catch (err) {
        if (alive) alert.show(err.detail || err.message);
      } finally {
        resetButton.disabled = false;
      }
    });
    load().then(() => stack.focusTop());
  }

  select.addEventListener('change', () => {
    category = select.value;
    generation += 1;
    // Keep the choice in the address (reloads, back) without re-rendering the whole screen.
    history.replaceState(null, '', `#/date-an-intervention/discover${category ? `?category=${category}` : ''}`);
    pinned.clear();
    queue = [];
    loaded = false;
    toast.hide();
    draw();
    load();
  });

  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !root.isConnected) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest('input, textarea, select') || target?.isContentEditable) return;
    const actions = { ArrowLeft: () => stack.fly('pass'), ArrowRight: () => stack.fly('like'),
      ArrowUp: () => stack.fly('superlike'), Backspace: undo, z: undo, Z: undo };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault(); // no page scroll on ↑, no "back" on Backspace in old browsers
    act();
  }
  document.addEventListener('keydown', onKey);

  fillFilter(null);
  draw();
  client.catalogue().then((catalogue) => {
    if (!alive) return;
    for (const c of catalogue.categories) names.set(c.id, c.name);
    fillFilter(catalogue);
    draw();
  }, () => { /* the filter still works with the documented names and no counts */ });
  load();

  return () => { alive = false; document.removeEventListener('keydown', onKey); };
}
