// The repeatable phones, e-mails, addresses and websites of a contact's form: each row a kind,
// a free label (mobile, work, "iPhone"…), the value and whether it is the primary of its kind.
// Rows without a value are not sent; a server error about `values[i]` lands on its own row.
import { h, uid } from '../../dom.js';
import { icon } from './icons.js';
import { kindName } from './words.js';

const KINDS = ['phone', 'email', 'address', 'url'];
const LABEL_HINTS = { phone: ['mobile', 'home', 'work', 'iPhone', 'other'], email: ['home', 'work', 'other'],
  address: ['home', 'work', 'other'], url: ['homepage', 'work', 'blog'] };
const INPUTS = {
  phone: { type: 'tel', inputmode: 'tel', autocomplete: 'off', placeholder: '+44 20 7946 0000' },
  email: { type: 'email', inputmode: 'email', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', placeholder: 'name@example.com' },
  url: { type: 'url', inputmode: 'url', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', placeholder: 'https://' },
  address: { rows: '2', placeholder: 'Street, town, postcode' },
};

/** valueRows(values) -> { el, payload() -> { values, rows }, setError(index, message) -> input|null, clearErrors(), changed() }. */
export function valueRows(initial = []) {
  const rows = [];
  const list = h('div', { class: 'rin-value-rows', dataset: { testid: 'rin-value-rows' } });
  const original = JSON.stringify(normal(initial.filter((v) => String(v.value || '').trim())));

  function addRow(value = { kind: 'phone', label: '', value: '', isPrimary: false }, { focus = false } = {}) {
    const id = uid('rin-value');
    const kind = h('select', { id: `${id}-kind`, class: 'rin-select', dataset: { testid: 'rin-value-kind' } },
      KINDS.map((k) => h('option', { value: k, selected: k === value.kind }, kindName(k))));
    const listId = `${id}-labels`;
    const labels = h('datalist', { id: listId });
    const label = h('input', { type: 'text', id: `${id}-label`, maxlength: '40', list: listId, value: value.label || '',
      placeholder: 'Label', dataset: { testid: 'rin-value-label' } });
    let input = makeInput(value.kind, value.value || '');
    const primary = h('input', { type: 'checkbox', id: `${id}-primary`, checked: Boolean(value.isPrimary), dataset: { testid: 'rin-value-primary' } });
    const remove = h('button', { type: 'button', class: 'rin-icon-button', 'aria-label': 'Remove this value', dataset: { testid: 'rin-value-remove' } },
      icon('trash'));
    const error = h('p', { class: 'field-error', id: `${id}-error` });
    const valueLabel = h('label', { for: `${id}-value`, class: 'sr-only' }, 'Value');
    const el = h('fieldset', { class: 'rin-value-row', dataset: { testid: 'rin-value-row' } },
      h('legend', { class: 'sr-only' }, 'Phone, e-mail, address or website'),
      h('div', { class: 'rin-value-main' },
        h('label', { for: `${id}-kind`, class: 'sr-only' }, 'Kind'), kind, valueLabel, input),
      h('div', { class: 'rin-value-extra' },
        h('label', { for: `${id}-label`, class: 'sr-only' }, 'Label'), label, labels,
        h('label', { class: 'rin-check' }, primary, 'Primary'),
        remove),
      error);
    const row = {
      el, kind, label, primary,
      get input() { return input; },
      setError(message) {
        error.textContent = message || '';
        if (message) { input.setAttribute('aria-invalid', 'true'); input.setAttribute('aria-describedby', error.id); }
        else { input.removeAttribute('aria-invalid'); input.removeAttribute('aria-describedby'); }
      },
    };

    function makeInput(k, text) {
      const attrs = { id: `${id}-value`, maxlength: '500', value: text, dataset: { testid: 'rin-value-value' }, ...INPUTS[k] };
      const node = k === 'address' ? h('textarea', attrs) : h('input', attrs);
      node.addEventListener('input', () => row.setError(null));
      return node;
    }
    function fillHints() {
      labels.replaceChildren(...LABEL_HINTS[kind.value].map((l) => h('option', { value: l })));
    }
    kind.addEventListener('change', () => {
      const next = makeInput(kind.value, input.value);
      input.replaceWith(next);
      input = next;
      fillHints();
      if (primary.checked) onlyPrimary(row);
    });
    primary.addEventListener('change', () => { if (primary.checked) onlyPrimary(row); });
    remove.addEventListener('click', () => {
      const i = rows.indexOf(row);
      rows.splice(i, 1);
      el.remove();
      (rows[i] || rows[i - 1])?.input.focus();
      if (!rows.length) addButtons.querySelector('button')?.focus();
    });
    fillHints();
    rows.push(row);
    list.append(el);
    if (focus) input.focus();
    return row;
  }

  /** One primary per kind: checking one unchecks the others of its kind. */
  function onlyPrimary(chosen) {
    for (const row of rows) if (row !== chosen && row.kind.value === chosen.kind.value) row.primary.checked = false;
  }

  const addButtons = h('div', { class: 'rin-add-values' }, KINDS.map((k) => {
    const button = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn', dataset: { testid: `rin-add-${k}` } },
      icon('plus'), kindName(k));
    button.addEventListener('click', () => {
      const first = !rows.some((r) => r.kind.value === k);
      addRow({ kind: k, label: '', value: '', isPrimary: first }, { focus: true });
    });
    return button;
  }));

  for (const value of initial) addRow(value);
  const el = h('fieldset', { class: 'rin-values' }, h('legend', {}, 'Phones, e-mails, addresses and websites'), list,
    h('p', { class: 'hint' }, 'Add:'), addButtons);

  /** The values to send, and for each the row it came from (empty rows are left out). */
  function payload() {
    const sent = [];
    const from = [];
    for (const row of rows) {
      const value = row.input.value.trim();
      const label = row.label.value.trim();
      if (!value) continue; // a label alone is nothing to keep
      sent.push({ kind: row.kind.value, ...(label ? { label } : {}), value, isPrimary: row.primary.checked });
      from.push(row);
    }
    return { values: sent, rows: from };
  }

  return {
    el,
    addRow,
    payload,
    /** Whether the values differ from what the form started with. */
    changed: () => JSON.stringify(normal(payload().values)) !== original,
    clearErrors() { rows.forEach((r) => r.setError(null)); },
  };
}

function normal(values) {
  return values.map((v) => ({ kind: v.kind, label: v.label || '', value: String(v.value || '').trim(), isPrimary: Boolean(v.isPrimary) }));
}
