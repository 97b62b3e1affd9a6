// Adding a contact by hand, or changing one: the name (with its rarer parts folded away), work,
// birthday, note, and the repeatable values. Editing sends only what changed (an emptied text
// clears its part; values, when changed, replace them all). Leaving with unsaved changes asks.
import { h } from '../../dom.js';
import { field, formAlert, setPending } from '../../forms.js';
import { withProfile } from './acting.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { screenState } from './state.js';
import { valueRows } from './value-rows.js';

const TEXT = ['givenName', 'familyName', 'organization', 'title', 'nickname', 'birthday', 'note',
  'namePrefix', 'middleName', 'nameSuffix', 'displayName'];

/** The name the server shows when no display name is given (RinContact.shownName). */
function builtName(c) {
  const parts = [c.namePrefix, c.givenName, c.middleName, c.familyName, c.nameSuffix].filter(Boolean);
  return parts.length ? parts.join(' ') : (c.nickname || c.organization || '');
}

export const create = { render(root, ctx) { return form(root, ctx, null); } };
export const edit = { render(root, ctx) { return form(root, ctx, ctx.params.id); } };

function form(root, { navigate, flash, guardLeave }, contactId) {
  let alive = true;
  let saved = false;
  let start = {}; // the texts as the form began, to send only what changed
  let rows = null;
  const heading = h('h1', { tabindex: '-1', class: 'rin-title' }, contactId ? 'Edit contact' : 'New contact');
  const back = contactId ? `#/rin/contacts/${encodeURIComponent(contactId)}` : '#/rin/contacts';
  const state = screenState('rin-contact-form-state');
  const slot = h('div');
  root.append(h('a', { class: 'rin-back', href: back }, icon('back'), contactId ? 'Contact' : 'Contacts'), heading, state.el, slot);

  const fields = {
    givenName: field({ name: 'givenName', label: 'First name', testid: 'rin-contact-given', maxlength: '500', autocomplete: 'off' }),
    familyName: field({ name: 'familyName', label: 'Last name', testid: 'rin-contact-family', maxlength: '500', autocomplete: 'off' }),
    organization: field({ name: 'organization', label: 'Organisation', testid: 'rin-contact-org', maxlength: '500', autocomplete: 'off' }),
    title: field({ name: 'title', label: 'Job title', testid: 'rin-contact-jobtitle', maxlength: '500', autocomplete: 'off' }),
    nickname: field({ name: 'nickname', label: 'Nickname', testid: 'rin-contact-nickname', maxlength: '500', autocomplete: 'off' }),
    birthday: field({ name: 'birthday', label: 'Birthday', testid: 'rin-contact-birthday', maxlength: '100', autocomplete: 'off',
      placeholder: 'YYYY-MM-DD', hint: 'Like 1990-04-23, or --04-23 without the year.' }),
    note: field({ name: 'note', label: 'Note', testid: 'rin-contact-note', multiline: true, rows: '3', maxlength: '5000' }),
    namePrefix: field({ name: 'namePrefix', label: 'Prefix', testid: 'rin-contact-prefix', maxlength: '500', autocomplete: 'off', placeholder: 'Dr' }),
    middleName: field({ name: 'middleName', label: 'Middle name', testid: 'rin-contact-middle', maxlength: '500', autocomplete: 'off' }),
    nameSuffix: field({ name: 'nameSuffix', label: 'Suffix', testid: 'rin-contact-suffix', maxlength: '500', autocomplete: 'off', placeholder: 'Jr' }),
    displayName: field({ name: 'displayName', label: 'Shown as', testid: 'rin-contact-display', maxlength: '500', autocomplete: 'off',
      hint: 'Leave empty to show the name above.' }),
  };
  const more = h('details', { class: 'rin-more-names' }, h('summary', { dataset: { testid: 'rin-contact-more-names' } }, 'More name fields'),
    h('div', { class: 'rin-grid-2' }, fields.namePrefix.wrap, fields.middleName.wrap, fields.nameSuffix.wrap, fields.displayName.wrap));
  const alert = formAlert('rin-contact-form-error');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'rin-contact-save' } }, contactId ? 'Save' : 'Add contact');

  function build(contact) {
    start = Object.fromEntries(TEXT.map((k) => [k, contact?.[k] || '']));
    // A display name the server built from the parts isn't one the person typed: leave it empty.
    if (contact && contact.displayName === builtName(contact)) start.displayName = '';
    for (const k of TEXT) fields[k].input.value = start[k];
    if (start.namePrefix || start.middleName || start.nameSuffix || start.displayName) more.open = true;
    rows = valueRows(contact ? contact.values : [
      { kind: 'phone', label: 'mobile', value: '', isPrimary: true }, { kind: 'email', label: 'home', value: '', isPrimary: true }]);
    const el = h('form', { class: 'rin-form card', novalidate: true, dataset: { testid: 'rin-contact-form' } },
      alert.el,
      h('div', { class: 'rin-grid-2' }, fields.givenName.wrap, fields.familyName.wrap),
      more,
      h('div', { class: 'rin-grid-2' }, fields.organization.wrap, fields.title.wrap),
      rows.el,
      h('div', { class: 'rin-grid-2' }, fields.nickname.wrap, fields.birthday.wrap),
      fields.note.wrap,
      h('div', { class: 'actions' }, save, h('a', { class: 'btn btn-quiet', href: back }, 'Cancel')));
    el.addEventListener('submit', (event) => { event.preventDefault(); submit(el); });
    slot.replaceChildren(el);
    if (!contactId) queueMicrotask(() => { if (alive && !matchMedia('(pointer: coarse)').matches) fields.givenName.input.focus(); });
  }

  const textChanges = () => Object.fromEntries(TEXT.map((k) => [k, fields[k].input.value.trim()]).filter(([k, v]) => v !== start[k].trim()));
  const dirty = () => Boolean(rows) && (Object.keys(textChanges()).length > 0 || rows.changed());
  guardLeave(() => (!saved && dirty() ? 'Leave without saving this contact?' : null));

  function showErrors(err, sentRows) {
    let first = null;
    const unplaced = [];
    for (const { field: path = '', message } of err.errors) {
      const inValues = /^values\[(\d+)\]/.exec(path);
      const row = inValues && sentRows[Number(inValues[1])];
      let key = String(path).split(/[./]/).filter(Boolean).pop();
      // "Give the contact a name…" is about the whole card: show it by the first name.
      if (key === 'displayName' && !fields.displayName.input.value.trim()) key = 'givenName';
      if (row) { row.setError(message); first ??= row.input; } else if (fields[key]) {
        fields[key].setError(message);
        if (fields[key].wrap.closest('details')) more.open = true;
        first ??= fields[key].input;
      } else unplaced.push(message);
    }
    alert.show(first && !unplaced.length ? 'Please fix the highlighted fields.' : [...new Set([err.detail || err.message, ...unplaced])].join(' '));
    first?.focus();
  }

  async function submit(el) {
    Object.values(fields).forEach((f) => f.setError(null));
    rows.clearErrors();
    alert.clear();
    const { values, rows: sentRows } = rows.payload();
    let changes;
    if (contactId) {
      changes = textChanges();
      if (rows.changed()) changes.values = values;
      if (!Object.keys(changes).length) { saved = true; navigate(`/rin/contacts/${encodeURIComponent(contactId)}`); return; }
    } else {
      changes = Object.fromEntries(Object.entries(textChanges()).filter(([, v]) => v));
      if (values.length) changes.values = values;
    }
    setPending(el, save, true, 'Saving…');
    try {
      const contact = contactId
        ? await client.updateContact(contactId, changes)
        : await withProfile((pid) => client.createContact(pid, changes));
      saved = true;
      flash(contactId ? 'Saved.' : `${contact.displayName} was added to your book.`, 'success', 'rin-flash');
      navigate(`/rin/contacts/${encodeURIComponent(contact.id)}`);
    } catch (err) {
      if (alive) showErrors(err, sentRows);
    } finally {
      if (alive) setPending(el, save, false);
    }
  }

  function load() {
    if (!contactId) { state.done(); build(null); return; }
    state.loading();
    client.getContact(contactId).then((contact) => {
      if (!alive) return;
      state.done();
      heading.textContent = `Edit ${contact.displayName}`;
      build(contact);
    }, (err) => {
      if (!alive) return;
      if (err.status === 404) {
        state.done();
        slot.replaceChildren(h('p', { dataset: { testid: 'rin-contact-missing' } }, 'This contact isn’t in your book. It may have been deleted.'));
      } else {
        state.failed(err, load);
      }
    });
  }
  load();
  return () => { alive = false; };
}
