// Forgot your password? Asking for a reset link, and choosing a new password with it.
// The request page says the same whatever the address, as the server answers the same: no page
// should tell a stranger who has a Kindred account.
import { h } from '../dom.js';
import * as kindred from '../kindred-client.js';
import { endSession } from '../session.js';
import { clearErrors, field, formAlert, passwordField, passwordProblem, setPending, showApiError } from '../forms.js';

// The address typed on the sign-in form, for the request form it leads to. Kept in memory, not
// in the URL, so an address never lands in history or logs.
let prefillEmail = '';

/** The sign-in page hands over what was typed there, so nobody types it twice. */
export function offerEmail(email) {
  prefillEmail = email;
}

/** An outcome notice, announced when it appears. */
function notice(kind, testid, ...children) {
  return h('p', { class: `notice notice-${kind}`, role: 'status', tabindex: '-1', dataset: { testid } }, children);
}

/** Replaces a form with its outcome, focused so keyboard users aren't left on a removed button. */
function finish(form, outcome, ...actions) {
  const el = h('div', {}, outcome, actions.length ? h('div', { class: 'actions' }, actions) : null);
  form.replaceWith(el);
  outcome.focus();
  return el;
}

export function renderRequest(root, { session }) {
  const email = field({ name: 'email', label: 'Email', testid: 'forgot-email', type: 'email',
    autocomplete: 'username', inputmode: 'email', required: true, maxlength: '254', spellcheck: 'false' });
  if (prefillEmail) email.input.value = prefillEmail;
  prefillEmail = '';
  const fields = { email };
  const alert = formAlert();
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block', dataset: { testid: 'forgot-submit' } },
    'Send link');
  const form = h('form', { class: 'card form', novalidate: true, 'aria-labelledby': 'forgot-title' },
    alert.el, email.wrap, submit);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    const value = email.input.value.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(value)) {
      showApiError({ fieldErrors: { email: 'Enter an email address like name@example.com.' } }, fields, alert);
      return;
    }
    setPending(form, submit, true, 'Sending…');
    try {
      await kindred.requestPasswordReset(value);
    } catch (err) {
      setPending(form, submit, false);
      showApiError(err, fields, alert); // a 429 says how long to wait
      return;
    }
    const again = h('button', { type: 'button', class: 'btn', dataset: { testid: 'forgot-again' } }, 'Use another address');
    const sent = finish(form,
      notice('success', 'forgot-sent', 'If an account uses that address, we sent it a link. It works for an hour.'),
      again,
      session ? null : h('a', { class: 'btn btn-quiet', href: '#/sign-in', dataset: { testid: 'forgot-signin' } }, 'Back to sign in'));
    again.addEventListener('click', () => {
      setPending(form, submit, false);
      email.input.value = '';
      sent.replaceWith(form);
      email.input.focus();
    });
  });

  root.append(
    h('h1', { id: 'forgot-title', tabindex: '-1' }, 'Forgot your password?'),
    h('p', { class: 'lead' }, 'Enter your account’s email address and we’ll send you a link to choose a new password.'),
    form,
    session ? null : h('p', { class: 'aside' }, 'Remembered it? ',
      h('a', { href: '#/sign-in', dataset: { testid: 'goto-signin' } }, 'Sign in')),
  );
}

/** What a dead link leads to: asking for a new one. */
function invalidLink() {
  return notice('warning', 'reset-invalid',
    'This link has expired, was already used, or is not one we sent. ',
    h('a', { href: '#/forgot-password', dataset: { testid: 'reset-new-link' } }, 'Ask for a new link'), '.');
}

export function renderReset(root, { query }) {
  const token = query.get('token') || '';
  const password = passwordField({ name: 'password', label: 'New password', testid: 'reset-password',
    hint: 'At least 8 characters.', autocomplete: 'new-password', required: true, maxlength: '128' });
  const fields = { password };
  const alert = formAlert();
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block', dataset: { testid: 'reset-submit' } },
    'Change password');
  const form = h('form', { class: 'card form', novalidate: true, 'aria-labelledby': 'reset-title' },
    h('p', { class: 'hint' }, 'Every device signed in to the account will be signed out.'),
    alert.el, password.wrap, submit);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    const problem = passwordProblem(password.input.value);
    if (problem) return showApiError({ fieldErrors: { password: problem } }, fields, alert);
    setPending(form, submit, true, 'Changing password…');
    try {
      // The server ends this browser's session with every other (and its realtime socket hears
      // so): ending it on purpose here keeps that from reading as a revocation that moves away.
      await endSession(() => kindred.resetPassword(token, password.input.value), 'password-reset');
    } catch (err) {
      setPending(form, submit, false);
      if (err.isInvalidLink) finish(form, invalidLink());
      else showApiError(err, fields, alert);
      return;
    }
    finish(form, notice('success', 'reset-done', 'Password changed. Every device was signed out.'),
      h('a', { class: 'btn btn-primary', href: '#/sign-in', dataset: { testid: 'reset-signin' } }, 'Sign in'));
  });

  root.append(h('h1', { id: 'reset-title', tabindex: '-1' }, 'Choose a new password'), token ? form : invalidLink());
}
