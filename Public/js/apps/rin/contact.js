// One contact: my own values for them (tap to call or write), their circles, and, when the card
// is linked to a Rin person, what that person lets me see, live, beside my values (nothing of it
// is copied into my book), with Ask for what is on Ask. From here: favourite, edit, link or
// unlink, add to a circle, merge with another card (and undo a merge made into this one), export
// as a vCard, delete.
import { h, uid } from '../../dom.js';
import { field, formAlert, setPending, statusLine } from '../../forms.js';
import { actingProfileId, withProfile } from './acting.js';
import { rinAvatar } from './avatar.js';
import { circleChip, circleHref } from './circle-chip.js';
import * as client from './client.js';
import { saveBlob, vcardName } from './download.js';
import { icon } from './icons.js';
import { openMergePicker } from './merge-picker.js';
import { mergeRow } from './merge-row.js';
import { overrideSection } from './override-editor.js';
import { personCard, valueNode } from './person-card.js';
import { screenState, problemText } from './state.js';
import { birthdayText, fieldName } from './words.js';

const KIND_ICONS = { phone: 'phone', email: 'mail', address: 'pin', url: 'globe' };
const personHref = (profileId) => `#/rin/people/${encodeURIComponent(profileId)}`;

export function render(root, { params, navigate, flash }) {
  let alive = true;
  let contact = null;
  const heading = h('h1', { tabindex: '-1', class: 'rin-title', dataset: { testid: 'rin-contact-title' } }, 'Contact');
  const state = screenState('rin-contact-state');
  const alert = formAlert('rin-contact-error');
  const status = statusLine('rin-contact-status');
  const body = h('div', { class: 'rin-contact-page', dataset: { testid: 'rin-contact-page' } });
  root.append(h('a', { class: 'rin-back', href: '#/rin/contacts' }, icon('back'), 'Contacts'), heading, state.el, alert.el, status.el, body);

  const fail = (err) => { if (alive) { status.clear(); alert.show(problemText(err)); } };
  const done = (message) => { if (alive) { alert.clear(); status.show(message); } };

  // ---- parts ----
  function favouriteButton() {
    const on = contact.favourite;
    const button = h('button', { type: 'button', class: `btn rin-fav${on ? ' rin-fav-on' : ''}`, 'aria-pressed': String(on),
      dataset: { testid: 'rin-contact-favourite' } }, icon('star', { filled: on }), on ? 'Favourite' : 'Add to favourites');
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        show(await client.updateContact(contact.id, { favourite: !on }));
        done(on ? 'Taken out of your favourites.' : 'Added to your favourites.');
      } catch (err) {
        button.disabled = false;
        fail(err);
      }
    });
    return button;
  }

  function values() {
    if (!contact.values.length) return h('p', { class: 'muted', dataset: { testid: 'rin-contact-novalues' } }, 'No phone, e-mail or address yet.');
    return h('ul', { class: 'rin-fields', 'aria-label': 'Phones, e-mails and addresses' }, contact.values.map((value) =>
      h('li', { class: 'rin-field', dataset: { testid: 'rin-contact-value', kind: value.kind } },
        h('span', { class: 'rin-field-icon' }, icon(KIND_ICONS[value.kind] || 'note')),
        h('span', { class: 'rin-field-body' },
          h('span', { class: 'rin-field-label muted' }, fieldName(value.kind, value.label),
            value.isPrimary && contact.values.filter((v) => v.kind === value.kind).length > 1
              ? h('span', { class: 'badge rin-badge' }, 'Primary') : null),
          valueNode(value.kind, value.value, { testid: 'rin-contact-value-link' })))));
  }

  function details() {
    const rows = [['Nickname', contact.nickname], ['Birthday', contact.birthday && birthdayText(contact.birthday)], ['Note', contact.note]]
      .filter(([, v]) => v);
    if (!rows.length) return null;
    return h('dl', { class: 'facts rin-facts' }, rows.map(([k, v]) => [h('dt', {}, k),
      h('dd', { class: k === 'Note' ? 'rin-multiline' : null, dataset: { testid: `rin-contact-${k.toLowerCase()}` } }, v)]));
  }

  function circlesSection() {
    const selectId = uid('rin-contact-circle');
    const select = h('select', { id: selectId, class: 'rin-select', dataset: { testid: 'rin-contact-circle-select' } });
    const add = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-contact-circle-add' } }, 'Add');
    const form = h('form', { class: 'rin-inline-form', hidden: true, novalidate: true },
      h('label', { for: selectId, class: 'rin-inline-label' }, 'Add to'), select, add);
    withProfile((pid) => client.listCircles(pid)).then(({ items }) => {
      const open = items.filter((c) => !c.isSystem && !contact.circles.some((mine) => client.sameId(mine.id, c.id)));
      select.replaceChildren(...open.map((c) => h('option', { value: c.id }, `${c.emoji ? `${c.emoji} ` : ''}${c.name}`)));
      form.hidden = !open.length;
    }, () => { /* without the circles there is just nothing to add to */ });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!select.value) return;
      const name = select.selectedOptions[0]?.textContent;
      setPending(form, add, true, 'Adding…');
      try {
        await client.addMembers(select.value, { contactIds: [contact.id] });
        show(await client.getContact(contact.id));
        done(`Added to ${name}.`);
      } catch (err) {
        fail(err);
      } finally {
        if (alive) setPending(form, add, false);
      }
    });
    return h('section', { class: 'rin-section', 'aria-labelledby': 'rin-contact-circles-title' },
      h('h2', { id: 'rin-contact-circles-title' }, 'Circles'),
      contact.circles.length
        ? h('p', { class: 'rin-chips', dataset: { testid: 'rin-contact-circles' } }, contact.circles.map((c) => circleChip(c, { href: circleHref(c.id) })))
        : h('p', { class: 'muted', dataset: { testid: 'rin-contact-circles' } }, 'In no circle: what you share with your Contacts applies once they’re linked.'),
      form);
  }

  function linkSection() {
    const title = h('h2', { id: 'rin-contact-link-title' }, 'On Rin');
    if (contact.linkedPerson) {
      const unlink = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'rin-contact-unlink' } }, 'Unlink');
      unlink.addEventListener('click', async () => {
        if (!window.confirm(`Unlink ${contact.displayName} from their Rin profile? They lose what the link gave them; your own values stay.`)) return;
        unlink.disabled = true;
        try {
          show(await client.unlinkContact(contact.id));
          done('Unlinked.');
        } catch (err) {
          unlink.disabled = false;
          fail(err);
        }
      });
      return h('section', { class: 'rin-section', 'aria-labelledby': 'rin-contact-link-title', dataset: { testid: 'rin-contact-linked' } },
        title,
        h('p', { class: 'muted' }, 'What they share with you, as it is now:'),
        personCard(contact.linkedPerson, { heading: 'h3', onAsk: askFor(contact.linkedPerson) }),
        h('div', { class: 'actions' },
          h('a', { class: 'btn', href: personHref(contact.linkedPerson.profileId), dataset: { testid: 'rin-contact-person-link' } }, 'Open their page'),
          unlink));
    }
    const username = field({ name: 'username', label: 'Their username or card link', testid: 'rin-link-username', maxlength: '300',
      autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', placeholder: 'username or https://…/r/…',
      hint: 'A card link is the only way to someone’s other profiles. They aren’t told. Once linked, they count as in your '
        + 'Contacts and in this contact’s circles.' });
    const submit = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'rin-link-submit' } }, icon('link'), 'Link');
    const form = h('form', { class: 'rin-link-form', novalidate: true, dataset: { testid: 'rin-link-form' } }, username.wrap, h('div', { class: 'actions' }, submit));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const typed = username.input.value.trim();
      const token = shareToken(typed);
      const name = typed.replace(/^@/, '');
      username.setError(null);
      if (!name) { username.setError('Type their username or paste their card’s link.'); username.input.focus(); return; }
      setPending(form, submit, true, 'Linking…');
      try {
        const linked = token ? await client.linkContactToCard(contact.id, token) : await client.linkContact(contact.id, name);
        show(linked);
        done(`Linked to ${token ? (linked.linkedPerson?.displayName || 'their card') : name} on Rin.`);
      } catch (err) {
        if (!alive) return;
        if (err.status === 404) {
          username.setError(token ? 'That link doesn’t work (anymore). Ask them for their current link.'
            : 'Nobody on Rin with that username shares a profile with you.');
        } else if (err.fieldErrors?.username || err.fieldErrors?.token) username.setError(err.fieldErrors.username || err.fieldErrors.token);
        else fail(err);
        username.input.focus();
      } finally {
        if (alive && form.isConnected) setPending(form, submit, false);
      }
    });
    return h('section', { class: 'rin-section', 'aria-labelledby': 'rin-contact-link-title' },
      title, h('p', { class: 'muted' }, 'Link this contact to a Rin person to see what they share with you.'), form);
  }

  function askFor(view) {
    return async (field) => client.createAsk(view.profileId, field.key, await actingProfileId());
  }

  /** Merges that made other cards into this one, newest first, each undoable (in stack order). */
  function mergedHere() {
    const list = h('ul', { class: 'rin-review-list', dataset: { testid: 'rin-contact-merges' } });
    const section = h('section', { class: 'rin-section', hidden: true, 'aria-labelledby': 'rin-contact-merges-title' },
      h('h2', { id: 'rin-contact-merges-title' }, 'Merged into this contact'), list);
    const shownId = contact.id;
    client.listMerges(contact.profileId, { limit: 100 }).then(({ items }) => {
      if (!alive || !client.sameId(contact?.id, shownId)) return;
      const mine = items.filter((m) => client.sameId(m.survivorId, shownId));
      list.replaceChildren(...mine.map((merge) => mergeRow(merge, { onUndone: ({ survivor, restored }) => {
        show(survivor);
        alert.clear();
        status.clear();
        body.prepend(h('p', { class: 'status', role: 'status', dataset: { testid: 'rin-contact-unmerged' } },
          `${restored.displayName} is a contact of its own again: `,
          h('a', { href: `#/rin/contacts/${encodeURIComponent(restored.id)}` }, `open ${restored.displayName}`), '.'));
      } })));
      section.hidden = !mine.length;
    }, () => { /* without the list there is just no undo here; Review has it */ });
    return section;
  }

  function actions() {
    const mergeButton = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-contact-merge' } }, icon('merge'), 'Merge with…');
    mergeButton.addEventListener('click', () => openMergePicker({ contact, onMerged: ({ contact: merged }) => {
      if (client.sameId(merged.id, contact.id)) {
        show(merged);
        done(`Merged into one contact. To undo it, use Undo under “Merged into this contact”.`);
      } else {
        flash('Merged into one contact: this is the older card, which keeps its place. Undo it below or in Review.', 'success', 'rin-flash');
        navigate(`/rin/contacts/${encodeURIComponent(merged.id)}`);
      }
    } }));
    const exportButton = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-contact-export' } }, icon('download'), 'Export (.vcf)');
    const remove = h('button', { type: 'button', class: 'btn btn-quiet danger-link', dataset: { testid: 'rin-contact-delete' } }, icon('trash'), 'Delete');
    exportButton.addEventListener('click', async () => {
      exportButton.disabled = true;
      try {
        saveBlob(await client.exportContact(contact.id), vcardName(contact.displayName));
        done(`Exported ${contact.displayName} as a vCard file.`);
      } catch (err) {
        fail(err);
      } finally {
        exportButton.disabled = false;
      }
    });
    remove.addEventListener('click', async () => {
      if (!window.confirm(`Delete ${contact.displayName} from your book? This can’t be undone.`)) return;
      remove.disabled = true;
      try {
        await client.deleteContact(contact.id);
        flash(`${contact.displayName} was deleted.`, 'success', 'rin-flash');
        navigate('/rin/contacts');
      } catch (err) {
        remove.disabled = false;
        fail(err);
      }
    });
    return h('div', { class: 'actions rin-contact-actions' },
      h('a', { class: 'btn', href: `#/rin/contacts/${encodeURIComponent(contact.id)}/edit`, dataset: { testid: 'rin-contact-edit' } }, icon('edit'), 'Edit'),
      mergeButton, exportButton, remove);
  }

  function show(detail) {
    if (!alive) return;
    contact = detail;
    heading.textContent = contact.displayName;
    document.title = `${contact.displayName} · Rin · Kindred`;
    const work = [contact.title, contact.organization].filter(Boolean).join(' · ');
    body.replaceChildren(...[
      h('div', { class: 'rin-contact-head' },
        rinAvatar({ name: contact.displayName, photo: contact.photo }, { size: 'lg' }),
        h('div', { class: 'rin-contact-head-text' },
          work ? h('p', { class: 'muted', dataset: { testid: 'rin-contact-work' } }, work) : null,
          favouriteButton())),
      values(),
      details(),
      circlesSection(),
      linkSection(),
      contact.linkedPerson ? overrideSection(contact.linkedPerson) : null,
      mergedHere(),
      actions(),
    ].filter(Boolean));
  }

  function load() {
    state.loading();
    client.getContact(params.id).then((detail) => { state.done(); show(detail); }, (err) => {
      if (!alive) return;
      if (err.status === 404) {
        state.done();
        heading.textContent = 'Contact not found';
        body.replaceChildren(h('p', { dataset: { testid: 'rin-contact-missing' } }, 'This contact isn’t in your book. It may have been deleted.'),
          h('a', { class: 'btn', href: '#/rin/contacts' }, 'Back to your contacts'));
      } else {
        state.failed(err, load);
      }
    });
  }
  function reload() {
    return client.getContact(contact.id).then(show, (err) => { if (alive) fail(err); });
  }

  // They said yes to my ask: what they let me see has grown.
  const offApproved = client.onAskApproved((event) => {
    if (!alive || !contact?.linkedPerson || !client.sameId(event.profileId, contact.linkedPerson.profileId)) return;
    reload().then(() => done('They said yes: what you asked for is shown now.'));
  });

  load();
  return () => { alive = false; offApproved(); };
}

/** The token of a share link pasted whole (`https://…/r/<token>`, or its in-app `#/rin/card/<token>`). */
function shareToken(text) {
  const match = text.match(/\/(?:r|rin\/card)\/([A-Za-z0-9_-]{22})\/?$/);
  return match ? match[1] : null;
}
