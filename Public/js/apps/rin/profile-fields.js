// A profile's fields: phones, e-mails, addresses, a birthday and social accounts, each with a
// label valid for its kind (RinFieldLabel) and, for phones and e-mails, the primary flag the
// Friends template looks at. Added, changed in place and removed here; who sees each is the grid's.
import { h, uid } from '../../dom.js';
import { clearErrors, formAlert, setPending, showApiError } from '../../forms.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { FIELD_KINDS, FIELD_LABELS, birthdayText, fieldName, kindName, labelName } from './words.js';

const KIND_ICONS = { phone: 'phone', email: 'mail', address: 'pin', birthday: 'cake', social: 'at' };
const HAS_PRIMARY = ['phone', 'email'];
const VALUE_INPUTS = {
  phone: { type: 'tel', inputmode: 'tel', placeholder: '+44 20 7946 0000' },
  email: { type: 'email', inputmode: 'email', autocapitalize: 'none', spellcheck: 'false', placeholder: 'name@example.com' },
  address: { rows: '2', placeholder: 'Street, town, postcode' },
  birthday: { type: 'text', placeholder: 'YYYY-MM-DD', inputmode: 'numeric' },
  social: { type: 'text', autocapitalize: 'none', spellcheck: 'false', placeholder: 'Handle or link' },
};

/** A small labelled control with its own error line, like forms.field but for any element. */
function control(name, label, element) {
  const id = element.id || uid('rin-control');
  element.id = id;
  const error = h('p', { class: 'field-error', id: `${id}-error`, dataset: { testid: `error-${name}` } });
  const wrap = h('div', { class: 'field' }, h('label', { for: id }, label), element, error);
  return {
    wrap, input: element,
    setError(message) {
      error.textContent = message || '';
      if (message) { element.setAttribute('aria-invalid', 'true'); element.setAttribute('aria-describedby', error.id); }
      else { element.removeAttribute('aria-invalid'); element.removeAttribute('aria-describedby'); }
    },
  };
}

function labelSelect(kind, current, testid) {
  return h('select', { class: 'rin-select', dataset: { testid } },
    FIELD_LABELS[kind].map((l) => h('option', { value: l, selected: l === current }, labelName(l))));
}

function valueInput(kind, value, testid) {
  const attrs = { maxlength: '500', value, autocomplete: 'off', dataset: { testid }, ...VALUE_INPUTS[kind] };
  return kind === 'address' ? h('textarea', attrs) : h('input', attrs);
}

/**
 * The fields of one profile, and the form to add one.
 * fieldsSection(detail, { onChanged() }) -> element; onChanged runs after any change, to reload.
 */
export function fieldsSection(detail, { onChanged }) {
  const pid = detail.profile.id;
  const alert = formAlert('rin-fields-error');
  const list = h('ul', { class: 'rin-fields rin-own-fields', dataset: { testid: 'rin-own-fields' } });

  function row(fieldData) {
    const li = h('li', { class: 'rin-field', dataset: { testid: 'rin-own-field', kind: fieldData.kind, label: fieldData.label || '' } });
    const edit = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn', dataset: { testid: 'rin-field-edit' },
      'aria-label': `Change ${fieldName(fieldData.kind, fieldData.label)}` }, icon('edit'), 'Change');
    const remove = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn danger-link', dataset: { testid: 'rin-field-delete' },
      'aria-label': `Remove ${fieldName(fieldData.kind, fieldData.label)}` }, icon('trash'), 'Remove');
    const view = () => li.replaceChildren(
      h('span', { class: 'rin-field-icon' }, icon(KIND_ICONS[fieldData.kind])),
      h('span', { class: 'rin-field-body' },
        h('span', { class: 'rin-field-label muted' }, fieldName(fieldData.kind, fieldData.label),
          HAS_PRIMARY.includes(fieldData.kind) && fieldData.isPrimary ? h('span', { class: 'badge rin-badge', dataset: { testid: 'rin-field-primary' } }, 'Primary') : null),
        h('span', { class: 'rin-value rin-multiline', dataset: { testid: 'rin-own-field-value' } },
          fieldData.kind === 'birthday' ? birthdayText(fieldData.value) : fieldData.value)),
      h('span', { class: 'rin-field-actions' }, edit, remove));
    edit.addEventListener('click', () => li.replaceChildren(editForm(fieldData, { onCancel: () => { view(); edit.focus(); } })));
    remove.addEventListener('click', async () => {
      if (!window.confirm(`Remove ${fieldName(fieldData.kind, fieldData.label).toLowerCase()} ${fieldData.value}? Nobody sees it any more.`)) return;
      remove.disabled = true;
      try {
        await client.deleteField(pid, fieldData.id);
        onChanged();
      } catch (err) {
        remove.disabled = false;
        alert.show(problemText(err));
      }
    });
    view();
    return li;
  }

  function editForm(fieldData, { onCancel }) {
    const label = FIELD_LABELS[fieldData.kind].length ? control('label', 'Label', labelSelect(fieldData.kind, fieldData.label, 'rin-field-edit-label')) : null;
    const value = control('value', 'Value', valueInput(fieldData.kind, fieldData.value, 'rin-field-edit-value'));
    const primaryId = uid('rin-primary');
    const primary = HAS_PRIMARY.includes(fieldData.kind)
      ? h('input', { type: 'checkbox', id: primaryId, checked: fieldData.isPrimary, dataset: { testid: 'rin-field-edit-primary' } }) : null;
    const formError = formAlert('rin-field-edit-error');
    const save = h('button', { type: 'submit', class: 'btn btn-primary rin-small-btn', dataset: { testid: 'rin-field-edit-save' } }, 'Save');
    const cancel = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn' }, 'Cancel');
    const form = h('form', { class: 'rin-field-form', novalidate: true }, formError.el, label?.wrap, value.wrap,
      primary ? h('label', { class: 'rin-check', for: primaryId }, primary, 'Primary') : null,
      h('div', { class: 'actions' }, save, cancel));
    cancel.addEventListener('click', onCancel);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const fields = { value, ...(label ? { label } : {}) };
      clearErrors(fields, formError);
      const changes = {};
      if (label && label.input.value !== fieldData.label) changes.label = label.input.value;
      if (value.input.value.trim() !== fieldData.value) changes.value = value.input.value.trim();
      if (primary && primary.checked !== fieldData.isPrimary) changes.isPrimary = primary.checked;
      if (!Object.keys(changes).length) { onCancel(); return; }
      setPending(form, save, true, 'Saving…');
      try {
        await client.updateField(pid, fieldData.id, changes);
        onChanged();
      } catch (err) {
        showApiError(err, fields, formError);
        setPending(form, save, false);
      }
    });
    queueMicrotask(() => value.input.focus());
    return form;
  }

  function addForm() {
    const kind = control('kind', 'Kind', h('select', { class: 'rin-select', dataset: { testid: 'rin-field-kind' } },
      FIELD_KINDS.map((k) => h('option', { value: k }, kindName(k)))));
    let label = control('label', 'Label', labelSelect('phone', 'mobile', 'rin-field-label'));
    let value = control('value', 'Value', valueInput('phone', '', 'rin-field-value'));
    const primaryId = uid('rin-primary');
    const primary = h('input', { type: 'checkbox', id: primaryId, dataset: { testid: 'rin-field-primary-input' } });
    const primaryRow = h('label', { class: 'rin-check', for: primaryId }, primary, 'Make it the primary one',
      h('span', { class: 'muted' }, ' (the first phone or e-mail is)'));
    const formError = formAlert('rin-field-add-error');
    const add = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-field-add' } }, icon('plus'), 'Add field');
    const slots = h('div', { class: 'rin-grid-2' }, kind.wrap, label.wrap);
    const form = h('form', { class: 'rin-field-form rin-field-add', novalidate: true, dataset: { testid: 'rin-field-add-form' } },
      h('h3', {}, 'Add a field'), formError.el, slots, value.wrap, primaryRow, h('div', { class: 'actions' }, add));

    kind.input.addEventListener('change', () => {
      const k = kind.input.value;
      const nextLabel = control('label', 'Label', labelSelect(k, FIELD_LABELS[k][0], 'rin-field-label'));
      label.wrap.replaceWith(nextLabel.wrap);
      label = nextLabel;
      label.wrap.hidden = !FIELD_LABELS[k].length;
      const nextValue = control('value', 'Value', valueInput(k, value.input.value, 'rin-field-value'));
      value.wrap.replaceWith(nextValue.wrap);
      value = nextValue;
      primaryRow.hidden = !HAS_PRIMARY.includes(k);
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const fields = { kind, label, value };
      clearErrors(fields, formError);
      const k = kind.input.value;
      const text = value.input.value.trim();
      if (!text) { value.setError('Type the value.'); value.input.focus(); return; }
      const draft = { kind: k, value: text, ...(FIELD_LABELS[k].length ? { label: label.input.value } : {}),
        ...(HAS_PRIMARY.includes(k) && primary.checked ? { isPrimary: true } : {}) };
      setPending(form, add, true, 'Adding…');
      try {
        await client.createField(pid, draft);
        onChanged({ focus: 'add' });
      } catch (err) {
        showApiError(err, fields, formError);
        setPending(form, add, false);
      }
    });
    return form;
  }

  list.replaceChildren(...detail.fields.map(row));
  return h('section', { class: 'rin-section', 'aria-labelledby': 'rin-fields-title', dataset: { testid: 'rin-fields' } },
    h('h2', { id: 'rin-fields-title' }, 'Fields'),
    h('p', { class: 'muted' }, 'Each phone, e-mail and address is shared on its own: set who sees it in Who sees what.'),
    alert.el,
    detail.fields.length ? list : h('p', { class: 'muted', dataset: { testid: 'rin-own-fields-empty' } }, 'No fields yet.'),
    addForm());
}
