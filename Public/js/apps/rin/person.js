// Someone on Rin: found by their Kindred username, then their page, which shows what they let
// the acting profile see (a field on Ask as a label behind a lock, with Ask). When they say yes
// (`rin.ask.approved`) the page reads their view again, so the field appears. From the page they
// can be put in one of my circles, which changes what they see of me, or blocked (that profile only).
import { h, uid } from '../../dom.js';
import { field, formAlert, setPending, statusLine } from '../../forms.js';
import { actingProfileId, withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import { blockButton } from './blocked.js';
import { disputeForm } from './dispute.js';
import { pathsSection } from './network.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { personCard } from './person-card.js';
import { problemText, screenState } from './state.js';

export const personHref = (profileId) => `/rin/people/${encodeURIComponent(profileId)}`;

/** The search by username. */
export const find = { render(root, { navigate }) {
  let alive = true;
  const username = field({ name: 'username', label: 'Their Kindred username', testid: 'rin-find-username', maxlength: '20',
    autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', placeholder: 'username',
    hint: 'You see what they share with your profile: at least their name, unless they keep it from you.' });
  const alert = formAlert('rin-find-error');
  const submit = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'rin-find-submit' } }, icon('search'), 'Find');
  const form = h('form', { class: 'rin-form card', novalidate: true }, alert.el, username.wrap, h('div', { class: 'actions' }, submit));
  root.append(h('a', { class: 'rin-back', href: '#/rin/contacts' }, icon('back'), 'Contacts'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'Find someone on Rin'), actingNote(), nameSearch(() => alive), form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = username.input.value.trim().replace(/^@/, '');
    username.setError(null);
    alert.clear();
    if (!name) { username.setError('Type their username.'); username.input.focus(); return; }
    setPending(form, submit, true, 'Finding…');
    try {
      const person = await client.findPerson(name, await actingProfileId());
      navigate(personHref(person.profileId));
    } catch (err) {
      if (!alive) return;
      if (err.status === 404) username.setError('Nobody on Rin with that username shares a profile with you.');
      else if (err.fieldErrors?.username) username.setError(err.fieldErrors.username);
      else alert.show(problemText(err));
      username.input.focus();
    } finally {
      if (alive) setPending(form, submit, false);
    }
  });
  queueMicrotask(() => { if (alive && !matchMedia('(pointer: coarse)').matches) username.input.focus(); });
  return () => { alive = false; };
} };

/** Search by name: only people who let themselves be found, by what everyone on Rin may see. */
function nameSearch(isAlive) {
  const q = field({ name: 'q', label: 'Their name', testid: 'rin-search-q', maxlength: '80', autocomplete: 'off',
    hint: 'Finds people who chose to be found, by the name they show everyone.' });
  const alert = formAlert('rin-search-error');
  const submit = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-search-submit' } }, icon('search'), 'Search');
  const results = h('ul', { class: 'rin-search-results', 'aria-label': 'People found', dataset: { testid: 'rin-search-results' } });
  const form = h('form', { class: 'rin-form card', novalidate: true, role: 'search' }, alert.el, q.wrap, h('div', { class: 'actions' }, submit), results);
  let asked = 0;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = q.input.value.trim();
    q.setError(null);
    alert.clear();
    if (!text) { q.setError('Type a name.'); q.input.focus(); return; }
    const mine = ++asked;
    setPending(form, submit, true, 'Searching…');
    try {
      const { items } = await client.searchPeople(text, await actingProfileId());
      if (!isAlive() || mine !== asked) return;
      results.replaceChildren(...(items.length ? items.map((view) => h('li', {},
        h('a', { href: `#${personHref(view.profileId)}`, dataset: { testid: 'rin-search-result' } },
          view.displayName || 'Someone on Rin'))) : [h('li', { class: 'muted', dataset: { testid: 'rin-search-empty' } },
        'Nobody who chose to be found has that name. Try their username below.')]));
    } catch (err) {
      if (!isAlive()) return;
      if (err.fieldErrors?.q) q.setError(err.fieldErrors.q);
      else alert.show(problemText(err));
    } finally {
      if (isAlive()) setPending(form, submit, false);
    }
  });
  return form;
}

/** A person's page. */
export const page = { render(root, { params }) {
  let alive = true;
  const heading = h('h1', { tabindex: '-1', class: 'rin-title', dataset: { testid: 'rin-person-title' } }, 'Someone on Rin');
  const state = screenState('rin-person-state');
  const news = statusLine('rin-person-status');
  const body = h('div');
  root.append(h('a', { class: 'rin-back', href: '#/rin/contacts' }, icon('back'), 'Contacts'), heading, actingNote(), state.el, news.el, body);
  const ask = async (field) => client.createAsk(params.profileId, field.key, await actingProfileId());

  function addToCircle(view) {
    const selectId = uid('rin-person-circle');
    const select = h('select', { id: selectId, class: 'rin-select', dataset: { testid: 'rin-person-circle-select' } });
    const add = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-person-circle-add' } }, 'Add to circle');
    const alert = formAlert('rin-person-circle-error');
    const status = statusLine('rin-person-circle-status');
    const form = h('form', { class: 'rin-inline-form', novalidate: true },
      h('label', { for: selectId, class: 'sr-only' }, 'Circle'), select, add);
    const section = h('section', { class: 'rin-section', hidden: true }, h('h2', {}, 'Put them in a circle'),
      h('p', { class: 'muted' }, 'What they see of you then follows that circle. They aren’t told.'), form, alert.el, status.el);
    withProfile((pid) => client.listCircles(pid)).then(({ items }) => {
      const open = items.filter((c) => !c.isSystem);
      select.replaceChildren(...open.map((c) => h('option', { value: c.id }, `${c.emoji ? `${c.emoji} ` : ''}${c.name}`)));
      section.hidden = !open.length;
    }, () => { /* no circles to offer: the page still shows them */ });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const name = select.selectedOptions[0]?.textContent;
      setPending(form, add, true, 'Adding…');
      alert.clear();
      try {
        await client.addMembers(select.value, { profileIds: [view.profileId] });
        status.show(`In ${name} now.`);
      } catch (err) {
        alert.show(problemText(err));
      } finally {
        if (alive) setPending(form, add, false);
      }
    });
    return section;
  }

  function load({ quietly = false } = {}) {
    if (!quietly) state.loading();
    return withProfile((pid) => client.getPerson(params.profileId, pid)).then((view) => {
      if (!alive) return;
      state.done();
      heading.textContent = view.displayName || 'Someone on Rin';
      document.title = `${heading.textContent} · Rin · Kindred`;
      const block = blockButton(view.displayName || 'this profile', async () => client.blockPerson(params.profileId, await actingProfileId()), {
        testid: 'rin-person-block',
        onBlocked: (made) => {
          if (!alive) return;
          heading.textContent = 'Blocked';
          body.replaceChildren(h('p', { dataset: { testid: 'rin-person-blocked' } },
            `${made.label} is blocked: you and this profile won’t see each other in Rin. They aren’t told.`));
        },
        onError: (err) => { if (alive) news.show(problemText(err)); },
      });
      body.replaceChildren(personCard(view, { onAsk: ask }), pathsSection(params.profileId), addToCircle(view),
        disputeForm(params.profileId, view),
        h('p', { class: 'rin-card-safety' }, block));
    }, (err) => {
      if (!alive) return;
      if (err.status === 404) {
        state.done();
        heading.textContent = 'Not available';
        body.replaceChildren(h('p', { dataset: { testid: 'rin-person-missing' } }, 'This profile isn’t available to you.'),
          h('a', { class: 'btn', href: '#/rin/people' }, 'Find someone else'));
      } else {
        state.failed(err, load);
      }
    });
  }
  // They said yes to one of my asks: read what they let me see again.
  const offApproved = client.onAskApproved((event) => {
    if (!alive || !client.sameId(event.profileId, params.profileId)) return;
    load({ quietly: true }).then(() => { if (alive) news.show('They said yes: what you asked for is shown now.'); });
  });
  load();
  return () => { alive = false; offApproved(); };
} };
