// The card a share link opens (`/r/<token>`, turned into this route at boot): whose it is, as they
// let the profile I act as see them, and adding it to my book as a contact linked to them, or
// blocking it (that profile only). A revoked or unknown link says so; my own card says it is mine.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { actingProfileId, withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import { blockButton } from './blocked.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { personCard } from './person-card.js';
import { problemText, screenState } from './state.js';

const SHARE_PATH = /^\/r\/([A-Za-z0-9_-]{22})\/?$/;

/** At boot: a page opened as /r/<token> becomes the card's route, so reloads and back never see /r/ again. */
export function captureShareLink() {
  const match = location.pathname.match(SHARE_PATH);
  if (match) history.replaceState(null, '', `/#/rin/card/${match[1]}`);
}

export const page = { render(root, { params, navigate }) {
  let alive = true;
  const heading = h('h1', { tabindex: '-1', class: 'rin-title', dataset: { testid: 'rin-card-title' } }, 'A shared card');
  const state = screenState('rin-card-state');
  const alert = formAlert('rin-card-error');
  const body = h('div');
  root.append(h('a', { class: 'rin-back', href: '#/rin/contacts' }, icon('back'), 'Contacts'), heading, actingNote(), state.el, alert.el, body);

  function blocked(block) {
    heading.textContent = 'Blocked';
    document.title = 'Blocked · Rin · Kindred';
    body.replaceChildren(h('p', { dataset: { testid: 'rin-card-blocked' } },
      `${block.label} is blocked: you and this card won’t see each other in Rin. They aren’t told. `,
      'You can unblock it under Profile, Blocked cards.'));
  }

  function safety(card) {
    const who = card.person.displayName || 'this card';
    return h('p', { class: 'rin-card-safety' }, blockButton(who, async () => client.blockCard(params.token, await actingProfileId()), {
      testid: 'rin-card-block', onBlocked: (block) => { if (alive) blocked(block); },
      onError: (err) => { if (alive) alert.show(problemText(err)); },
    }));
  }

  function actions(card) {
    if (card.isOwn) return h('p', { class: 'muted', dataset: { testid: 'rin-card-own' } }, 'This is your own card: share its link with others.');
    if (card.contactId) {
      return h('div', { class: 'actions' }, h('a', { class: 'btn btn-primary', href: `#/rin/contacts/${encodeURIComponent(card.contactId)}`,
        dataset: { testid: 'rin-card-open' } }, 'Open contact'));
    }
    const add = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'rin-card-add' } }, icon('plus'), 'Add to contacts');
    add.addEventListener('click', async () => {
      alert.clear();
      add.disabled = true;
      try {
        const contact = await client.addCard(params.token, await actingProfileId());
        if (alive) navigate(`/rin/contacts/${encodeURIComponent(contact.id)}`);
      } catch (err) {
        if (alive) alert.show(problemText(err));
      } finally {
        if (alive) add.disabled = false;
      }
    });
    return h('div', { class: 'actions' }, add,
      h('p', { class: 'muted' }, 'Adding them puts them in your Contacts circle: they see what that circle shows of you.'));
  }

  function load() {
    state.loading();
    withProfile((pid) => client.getCard(params.token, pid)).then((card) => {
      if (!alive) return;
      state.done();
      heading.textContent = card.person.displayName || 'Someone on Rin';
      document.title = `${heading.textContent} · Rin · Kindred`;
      body.replaceChildren(personCard(card.person, { testid: 'rin-card-person' }), actions(card), ...(card.isOwn ? [] : [safety(card)]));
    }, (err) => {
      if (!alive) return;
      if (err.status === 404) {
        state.done();
        heading.textContent = 'This link doesn’t work';
        body.replaceChildren(h('p', { dataset: { testid: 'rin-card-missing' } },
          'It was replaced or never existed. Ask them for their current link.'));
      } else {
        state.failed(err, load);
      }
    });
  }
  load();
  return () => { alive = false; };
} };
