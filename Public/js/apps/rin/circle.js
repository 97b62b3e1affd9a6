// One circle: who is in it (contacts of the book, and Rin people by username), added and taken
// out here; its name, emoji and colour; where to set what it sees (the grid, filtered to it) and
// to look through its eyes (See as). Contacts and Public keep their names and can't be deleted,
// and their members are computed, so they list none.
import { h } from '../../dom.js';
import { field, formAlert, setPending, showApiError, statusLine } from '../../forms.js';
import { allPages, moreButton } from '../../paging.js';
import { actingProfileId, withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import { circleDot } from './circle-chip.js';
import { circleMembersText } from './circles.js';
import * as client from './client.js';
import { contactHref } from './contact-row.js';
import { icon } from './icons.js';
import { openMemberPicker } from './member-picker.js';
import { colourPicker } from './palette.js';
import { problemText, screenState } from './state.js';
import { TEMPLATES } from './words.js';

const personHref = (profileId) => `#/rin/people/${encodeURIComponent(profileId)}`;

export function render(root, { params, navigate, flash }) {
  let alive = true;
  let circle = null;
  let more = null;
  const heading = h('h1', { tabindex: '-1', class: 'rin-title rin-circle-title', dataset: { testid: 'rin-circle-title' } }, 'Circle');
  const state = screenState('rin-circle-state');
  const alert = formAlert('rin-circle-error');
  const status = statusLine('rin-circle-status');
  const meta = h('p', { class: 'muted', dataset: { testid: 'rin-circle-meta' } });
  const body = h('div');
  root.append(h('a', { class: 'rin-back', href: '#/rin/circles' }, icon('back'), 'Circles'), heading, actingNote(), meta, state.el, alert.el, status.el, body);
  const fail = (err) => { if (alive) { status.clear(); alert.show(problemText(err)); } };
  const done = (message) => { if (alive) { alert.clear(); status.show(message); } };

  // ---- members ----
  const members = h('ul', { class: 'rin-members', 'aria-busy': 'true', dataset: { testid: 'rin-members' } });
  const noMembers = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-members-empty' } }, 'Nobody in this circle yet.');
  const moreSlot = h('div');

  function memberRow(member) {
    const isContact = Boolean(member.contactId);
    const name = member.displayName || (isContact ? 'A contact' : 'Someone on Rin');
    const remove = h('button', { type: 'button', class: 'btn rin-small-btn', dataset: { testid: 'rin-member-remove' },
      'aria-label': `Take ${name} out of ${circle.name}` }, 'Remove');
    const li = h('li', { class: 'rin-member', dataset: { testid: 'rin-member', name, id: member.id } },
      h('a', { class: 'rin-member-link', href: isContact ? contactHref(member.contactId) : personHref(member.profileId) },
        h('span', { class: 'rin-member-name' }, name),
        h('span', { class: 'badge rin-badge' }, isContact ? 'Contact' : 'On Rin')),
      remove);
    remove.addEventListener('click', async () => {
      remove.disabled = true;
      try {
        await client.removeMember(circle.id, member.id);
        li.remove();
        noMembers.hidden = members.children.length > 0;
        recount();
        done(`${name} is no longer in ${circle.name}.`);
      } catch (err) {
        remove.disabled = false;
        fail(err);
      }
    });
    return li;
  }

  function loadMembers() {
    members.setAttribute('aria-busy', 'true');
    return client.listMembers(circle.id).then((page) => {
      if (!alive) return;
      more?.stop();
      more = moreButton({ testid: 'rin-members-more', label: 'Show more members', fetchPage: (cursor) => client.listMembers(circle.id, cursor),
        show: (next) => { if (alive) members.append(...next.items.map(memberRow)); }, onError: fail });
      moreSlot.replaceChildren(more.el);
      members.replaceChildren(...page.items.map(memberRow));
      more.start(page);
      noMembers.hidden = page.items.length > 0;
    }, fail).finally(() => members.setAttribute('aria-busy', 'false'));
  }

  function addByUsername() {
    const username = field({ name: 'username', label: 'Add someone on Rin by username', testid: 'rin-member-username', maxlength: '20',
      autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', placeholder: 'username' });
    const submit = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-member-username-add' } }, 'Add');
    const form = h('form', { class: 'rin-add-person', novalidate: true }, username.wrap, h('div', { class: 'actions' }, submit));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const name = username.input.value.trim().replace(/^@/, '');
      username.setError(null);
      if (!name) { username.setError('Type their username.'); username.input.focus(); return; }
      setPending(form, submit, true, 'Adding…');
      try {
        const person = await client.findPerson(name, await actingProfileId());
        await client.addMembers(circle.id, { profileIds: [person.profileId] });
        username.input.value = '';
        await loadMembers();
        recount();
        done(`${person.displayName || name} is in ${circle.name} now. They aren’t told.`);
      } catch (err) {
        if (!alive) return;
        if (err.status === 404) username.setError('Nobody on Rin with that username shares a profile with you.');
        else if (err.fieldErrors?.username) username.setError(err.fieldErrors.username);
        else fail(err);
        username.input.focus();
      } finally {
        if (alive) setPending(form, submit, false);
      }
    });
    return form;
  }

  function membersSection() {
    if (circle.isSystem) {
      return h('section', { class: 'rin-section', dataset: { testid: 'rin-members-computed' } }, h('h2', {}, 'Who is in it'),
        h('p', {}, circle.kind === 'public'
          ? 'Anyone signed in to Rin. What you allow here, every stranger sees.'
          : 'Every contact in your book linked to someone on Rin. What you allow here applies to them unless another circle opens more.'));
    }
    const pick = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'rin-add-members' } }, icon('plus'), 'Add from your contacts');
    pick.addEventListener('click', async () => {
      try {
        // Those already in are ticked in the picker: read them all first (a circle rarely has many).
        const all = await allPages((cursor) => client.listMembers(circle.id, cursor), { maxPages: 20 });
        const inCircle = new Set(all.filter((m) => m.contactId).map((m) => m.contactId.toUpperCase()));
        openMemberPicker({ circle, inCircle, onAdded: async (count) => {
          await loadMembers();
          recount();
          done(`${count === 1 ? '1 contact' : `${count} contacts`} added to ${circle.name}.`);
        } });
      } catch (err) {
        fail(err);
      }
    });
    loadMembers();
    return h('section', { class: 'rin-section', 'aria-labelledby': 'rin-members-title' },
      h('h2', { id: 'rin-members-title' }, 'Members'),
      h('div', { class: 'actions' }, pick), addByUsername(), members, moreSlot, noMembers);
  }

  // ---- name, emoji, colour ----
  function editSection() {
    const fields = {
      name: field({ name: 'name', label: 'Name', testid: 'rin-circle-edit-name', maxlength: '120', value: circle.name, disabled: circle.isSystem,
        hint: circle.isSystem ? 'Rin’s own circles keep their names.' : 'Up to 30 characters.' }),
      emoji: field({ name: 'emoji', label: 'Emoji', testid: 'rin-circle-edit-emoji', maxlength: '16', value: circle.emoji || '',
        hint: 'One emoji; empty for none.' }),
    };
    const colour = colourPicker({ value: circle.color, testid: 'rin-circle-edit-colour' });
    const formError = formAlert('rin-circle-edit-error');
    const save = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-circle-save' } }, 'Save changes');
    const form = h('form', { class: 'rin-form', novalidate: true, dataset: { testid: 'rin-circle-edit' } },
      formError.el, fields.name.wrap, fields.emoji.wrap, colour.el, h('div', { class: 'actions' }, save));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      Object.values(fields).forEach((f) => f.setError(null));
      formError.clear();
      const changes = {};
      const name = fields.name.input.value.trim();
      const emoji = fields.emoji.input.value.trim();
      if (!circle.isSystem && name !== circle.name) changes.name = name;
      if (emoji && emoji !== circle.emoji) changes.emoji = emoji;
      if (!emoji && circle.emoji) changes.removeEmoji = true;
      if (colour.value() && colour.value() !== circle.color) changes.color = colour.value();
      if (!Object.keys(changes).length) { done('Nothing to change.'); return; }
      setPending(form, save, true, 'Saving…');
      try {
        show(await client.updateCircle(circle.id, changes));
        done('Circle saved.');
      } catch (err) {
        if (alive) showApiError(err, fields, formError);
      } finally {
        if (alive && form.isConnected) setPending(form, save, false);
      }
    });
    return h('details', { class: 'rin-section rin-edit', dataset: { testid: 'rin-circle-edit-section' } },
      h('summary', {}, h('h2', {}, 'Name, emoji and colour')), form);
  }

  function linksAndDelete() {
    const seeAs = circle.kind === 'public' ? 'public' : `circle:${circle.id}`;
    const parts = [
      h('a', { class: 'btn', href: `#/rin/access?circle=${encodeURIComponent(circle.id)}`, dataset: { testid: 'rin-circle-grid' } },
        icon('grid'), 'What this circle sees'),
      h('a', { class: 'btn', href: `#/rin/see-as?viewer=${encodeURIComponent(seeAs)}`, dataset: { testid: 'rin-circle-see-as' } },
        icon('eye'), 'See as this circle'),
    ];
    if (!circle.isSystem) {
      const remove = h('button', { type: 'button', class: 'btn btn-quiet danger-link', dataset: { testid: 'rin-circle-delete' } },
        icon('trash'), 'Delete circle');
      remove.addEventListener('click', async () => {
        if (!window.confirm(`Delete ${circle.name}? Its people stay in your Contacts and keep what Contacts shares with them.`)) return;
        remove.disabled = true;
        try {
          await client.deleteCircle(circle.id);
          flash(`${circle.name} was deleted.`, 'success', 'rin-flash');
          navigate('/rin/circles');
        } catch (err) {
          remove.disabled = false;
          fail(err);
        }
      });
      parts.push(remove);
    }
    return h('div', { class: 'actions' }, parts);
  }

  function updateMeta() {
    meta.replaceChildren(h('span', { dataset: { testid: 'rin-circle-members-text' } }, circleMembersText(circle)),
      ` · starts from ${TEMPLATES[circle.template]?.name || circle.template}`,
      circle.isSystem ? ' · one of Rin’s own circles' : '');
  }

  /** The member count after people came or went (the list of circles is where it is). */
  function recount() {
    withProfile((pid) => client.listCircles(pid)).then(({ items }) => {
      const found = items.find((c) => client.sameId(c.id, circle.id));
      if (alive && found) { circle = found; updateMeta(); }
    }, () => { /* the count stays as it was; the list itself is right */ });
  }

  function show(found) {
    const first = !circle;
    circle = found;
    heading.replaceChildren(...[circleDot(circle.color), circle.emoji ? h('span', { 'aria-hidden': 'true' }, `${circle.emoji} `) : null, circle.name]
      .filter(Boolean)); // native replaceChildren would print a null as text
    document.title = `${circle.name} · Rin · Kindred`;
    updateMeta();
    if (first) {
      body.replaceChildren(membersSection(), linksAndDelete(), editSection());
    } else {
      const edit = editSection();
      edit.open = true; // just saved from it: keep it open
      body.querySelector('.rin-edit')?.replaceWith(edit);
    }
  }

  function load() {
    state.loading();
    withProfile((pid) => client.listCircles(pid)).then(({ items }) => {
      if (!alive) return;
      state.done();
      const found = items.find((c) => client.sameId(c.id, params.id));
      if (found) { show(found); return; }
      heading.textContent = 'Circle not found';
      body.replaceChildren(h('p', { dataset: { testid: 'rin-circle-missing' } },
        'This circle isn’t one of this profile’s. It may have been deleted, or belong to another of your profiles.'),
      h('a', { class: 'btn', href: '#/rin/circles' }, 'Back to circles'));
    }, (err) => { if (alive) state.failed(err, load); });
  }
  load();
  return () => { alive = false; more?.stop(); };
}
