// The page an e-mailed verification link opens: it proves the address at once (opening the link
// is the whole point), signed in or not, since people read mail on whatever device is at hand.
// A sign-up's link asks for the account's password first: whoever holds the mailbox sets it, so
// someone who signed up earlier with this address cannot own what this click confirms.
import { h } from '../dom.js';
import * as kindred from '../kindred-client.js';
import { clearErrors, formAlert, passwordField, passwordProblem, setPending, showApiError } from '../forms.js';
import { currentSession, updateMe } from '../session.js';

export function render(root, { query }) {
  const token = query.get('token') || '';
  const result = h('div', { 'aria-live': 'polite' });
  let alive = true;

  function say(kind, testid, ...children) {
    result.replaceChildren(h('p', { class: `notice notice-${kind}`, dataset: { testid } }, children));
  }

  function invalid() {
    say('warning', 'verify-invalid', 'This link has expired, was already used, or is not one we sent. ',
      'You can send a new link from your ',
      h('a', { href: '#/account', dataset: { testid: 'verify-account-link' } }, 'Account page'), '.');
  }

  /** The server asked for the password: a form for it, which confirms the link with it. */
  function askPassword(message) {
    const password = passwordField({ name: 'password', label: 'Password', testid: 'verify-password',
      hint: 'The password you chose when you signed up (or a new one): it becomes your password.',
      autocomplete: 'new-password', required: true, maxlength: '128' });
    const fields = { password };
    const alert = formAlert('verify-password-error');
    const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block', dataset: { testid: 'verify-password-submit' } },
      'Finish signing up');
    const form = h('form', { class: 'card form', novalidate: true, dataset: { testid: 'verify-password-form' } },
      h('p', {}, message), alert.el, password.wrap, submit);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      clearErrors(fields, alert);
      const problem = passwordProblem(password.input.value);
      if (problem) return showApiError({ fieldErrors: { password: problem } }, fields, alert);
      setPending(form, submit, true, 'Finishing…');
      const outcome = await confirm(password.input.value, { quiet: true });
      if (!alive) return;
      if (outcome?.err) {
        setPending(form, submit, false);
        showApiError(outcome.err, fields, alert);
      }
    });
    result.replaceChildren(form);
    password.input.focus();
  }

  /** Confirms the link (with `password` for a sign-up's). With `quiet`, a refusal of the password
   * is handed back for the form to show rather than replacing it. */
  async function confirm(password, { quiet = false } = {}) {
    if (!quiet) say('info', 'verify-checking', 'Checking your link…');
    try {
      const { email } = await kindred.confirmEmailVerification(token, password);
      if (!alive) return;
      // The answer names the address it proved: when that is this account's, the account page
      // must say so without waiting for a reload.
      const me = currentSession()?.me;
      if (me && me.email === email) updateMe({ ...me, emailVerified: true });
      // A change of address's link moved an account to this address: if it is this one, the
      // pages must show the new address (the server is asked, as the link may be another's).
      else if (me) {
        try {
          const fresh = await kindred.getMe();
          if (alive && fresh.id === me.id) updateMe(fresh);
        } catch { /* the link did its work; the pages catch up at the next load */ }
        if (!alive) return;
      }
      say('success', 'verify-done', 'Your address ', h('strong', {}, email), ' is verified.');
      result.append(h('div', { class: 'actions' }, currentSession()
        ? h('a', { class: 'btn', href: '#/account', dataset: { testid: 'verify-continue' } }, 'Go to your account')
        : h('a', { class: 'btn', href: '#/sign-in', dataset: { testid: 'verify-continue' } }, 'Sign in')));
    } catch (err) {
      if (!alive) return;
      if (err.isInvalidLink) return invalid();
      // A sign-up's link: the password first (the link stays good until then).
      if (err.status === 422 && err.fieldErrors?.password) {
        if (quiet) return { err };
        return askPassword(err.fieldErrors.password);
      }
      if (quiet && err.status === 422) return { err };
      // A change of address whose address another account took meanwhile: trying again cannot help.
      if (err.status === 409) return say('warning', 'verify-error', err.detail || err.message);
      // No answer or a server hiccup: the link may still be good, so offer to try it again.
      const retry = h('button', { type: 'button', class: 'btn', dataset: { testid: 'verify-retry' } }, 'Try again');
      retry.addEventListener('click', () => confirm(password));
      say('warning', 'verify-error', err.detail || err.message);
      result.append(h('div', { class: 'actions' }, retry));
    }
  }

  root.append(h('h1', { tabindex: '-1' }, 'Confirm your email address'), result);
  if (token) confirm(); else invalid();
  return () => { alive = false; };
}
