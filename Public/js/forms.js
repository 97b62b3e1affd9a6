// Form building blocks shared by the pages: labelled fields with hints and error slots,
// a form-level alert, problem+json error display and a pending state for submit buttons.
import { h, uid } from './dom.js';

/**
 * A labelled input (or textarea when multiline) with an optional hint and an error slot;
 * describedBy: ids of more descriptions (e.g. a character counter).
 * Returns { wrap, input, error, setError(message|null) }.
 */
export function field({ name, label, testid, hint, multiline = false, describedBy = [], ...attrs }) {
  const id = uid(name);
  const hintId = hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  const describe = (...ids) => [hintId, ...describedBy, ...ids].filter(Boolean).join(' ') || null;
  const input = h(multiline ? 'textarea' : 'input', {
    id, name, 'aria-describedby': describe(), dataset: { testid }, ...(multiline ? {} : { type: 'text' }), ...attrs,
  });
  const error = h('p', { class: 'field-error', id: errorId, dataset: { testid: `error-${name}` } });
  const wrap = h('div', { class: 'field' },
    h('label', { for: id }, label),
    input,
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null,
    error);

  function setError(message) {
    error.textContent = message || '';
    const describedIds = message ? describe(errorId) : describe();
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (describedIds) input.setAttribute('aria-describedby', describedIds);
    else input.removeAttribute('aria-describedby');
  }
  // Typing again means the person is fixing it: don't keep shouting the old error.
  input.addEventListener('input', () => setError(null));
  return { wrap, input, error, setError };
}

/** A password field with a Show/Hide toggle button. */
export function passwordField(opts) {
  const f = field({ type: 'password', ...opts });
  const toggle = h('button', {
    type: 'button', class: 'btn btn-quiet toggle', 'aria-pressed': 'false',
    'aria-controls': f.input.id, 'aria-label': 'Show password', dataset: { testid: `${opts.testid}-toggle` },
  }, 'Show');
  toggle.addEventListener('click', () => {
    const show = f.input.type === 'password';
    f.input.type = show ? 'text' : 'password';
    toggle.textContent = show ? 'Hide' : 'Show';
    toggle.setAttribute('aria-pressed', String(show));
    toggle.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
  });
  const row = h('div', { class: 'input-row' });
  f.input.replaceWith(row);
  row.append(f.input, toggle);
  return { ...f, toggle };
}

/** The form-level alert. Always in the DOM (empty when quiet) so screen readers announce changes. */
export function formAlert(testid = 'form-error') {
  const el = h('div', { class: 'alert alert-error', role: 'alert', dataset: { testid } });
  return {
    el,
    show(message) { el.textContent = message || ''; },
    clear() { el.textContent = ''; },
  };
}

/** A polite status line for successes ("Profile saved"). */
export function statusLine(testid) {
  const el = h('p', { class: 'status', role: 'status', dataset: { testid } });
  return {
    el,
    show(message) { el.textContent = message || ''; },
    clear() { el.textContent = ''; },
  };
}

/**
 * Show an ApiError on a form: field errors next to their fields, the rest in the alert,
 * and focus the first invalid field so keyboard users land where the fix is.
 * fields: { username: fieldObject, ... }.
 */
export function showApiError(err, fields, alert) {
  let firstInvalid = null;
  const unplaced = [];
  for (const [name, message] of Object.entries(err.fieldErrors || {})) {
    const f = fields[name];
    if (f) {
      f.setError(message);
      firstInvalid ??= f.input;
    } else {
      unplaced.push(message);
    }
  }
  const summary = [err.detail || err.message, ...unplaced].filter(Boolean);
  alert.show(firstInvalid && !unplaced.length && !err.detail
    ? 'Please fix the highlighted fields.' : [...new Set(summary)].join(' '));
  firstInvalid?.focus();
}

/**
 * What is wrong with a new password before the server is asked, or null. Counted in code points,
 * as the API counts them, so an emoji is one character here as there.
 */
export function passwordProblem(value) {
  return [...value].length < 8 ? 'Use at least 8 characters.' : null;
}

/** Clear every field error and the alert before a new attempt. */
export function clearErrors(fields, alert) {
  for (const f of Object.values(fields)) f.setError(null);
  alert?.clear();
}

/** Disable the submit button (and mark the form busy) while a request is in flight. */
export function setPending(form, button, pending, pendingLabel) {
  button.disabled = pending;
  form.setAttribute('aria-busy', String(pending));
  if (pending && pendingLabel) {
    button.dataset.label ??= button.textContent;
    button.textContent = pendingLabel;
  } else if (!pending && button.dataset.label) {
    button.textContent = button.dataset.label;
  }
}
