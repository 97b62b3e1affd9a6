// "It's a match!": a banner over the card stack after a like or super-like. It never takes focus,
// so someone swiping with the keyboard keeps going; the next swipe or "Keep swiping" hides it.
import { h } from '../../dom.js';
import { chatHref, emojiBadge } from './intervention-view.js';

/** onDismiss: where focus goes after "Keep swiping" (the button it was on disappears). */
export function createMatchToast({ onDismiss } = {}) {
  const el = h('div', { class: 'date-an-intervention-toast', hidden: true, dataset: { testid: 'dai-match-toast' } });

  function hide() {
    el.hidden = true;
    el.replaceChildren();
  }

  function show(match) {
    const { intervention, direction } = match;
    const title = h('p', { class: 'date-an-intervention-toast-title', id: `date-an-intervention-toast-title-${intervention.id}` },
      'It’s a match!');
    el.replaceChildren(
      h('div', { class: 'date-an-intervention-toast-card', role: 'group', 'aria-labelledby': title.id },
        emojiBadge(intervention, 'md'),
        title,
        h('p', { class: 'date-an-intervention-toast-text' }, direction === 'superlike'
          ? `You super-liked ${intervention.name}, and it likes you back.`
          : `You and ${intervention.name} like each other.`),
        h('div', { class: 'date-an-intervention-toast-actions' },
          h('a', { class: 'btn btn-primary', href: chatHref(intervention.id), dataset: { testid: 'dai-match-message' } },
            'Send a message'),
          h('button', { type: 'button', class: 'btn', dataset: { testid: 'dai-match-dismiss' },
            onclick: () => { hide(); onDismiss?.(); } },
            'Keep swiping'))));
    el.hidden = false;
  }

  return { el, show, hide };
}
