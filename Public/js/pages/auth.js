// Sign in and Create account. The server is the judge of what's valid (its problem+json
// field errors land next to the fields); we only pre-check the limits the API documents so
// people get instant feedback without a round trip.
import { h } from '../dom.js';
import { signIn, signUp } from '../auth-flows.js';
import { clearErrors, field, formAlert, passwordField, passwordProblem, setPending, showApiError } from '../forms.js';
import { offerEmail } from './password-reset.js';

/** Only same-app paths, so a crafted ?next= can't send people elsewhere. */
function nextPath(query) {
  const next = query.get('next') || '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Switching between sign-in and sign-up keeps where the person was headed (e.g. a connect link). */
function withNext(route, query) {
  const next = nextPath(query);
  return next === '/' ? route : `${route}?next=${encodeURIComponent(next)}`;
}

// The email a sign-up found taken, for the sign-in form it leads to. Kept in memory, not in the
// URL, so an address never lands in history or logs.
let prefillEmail = '';

/**
 * The server's "email taken" answer ends with "Sign in instead."; make those words a link to
 * the sign-in form with the email filled in, in the field error and in the form alert.
 */
function offerSignIn(el, email, href, testid) {
  const words = 'Sign in instead';
  const text = el.textContent;
  const link = h('a', { href, dataset: { testid }, onclick: () => { prefillEmail = email; } }, words);
  const i = text.indexOf(words);
  if (i < 0) el.append(' ', link, '.');
  else el.replaceChildren(text.slice(0, i), link, text.slice(i + words.length));
}

export function renderSignUp(root, { navigate, flash, query }) {
  const fields = {
    email: field({ name: 'email', label: 'Email', testid: 'signup-email', type: 'email',
      autocomplete: 'email', inputmode: 'email', required: true, maxlength: '254', spellcheck: 'false' }),
    username: field({ name: 'username', label: 'Username', testid: 'signup-username',
      hint: '3–20 characters. Friends find you by it.', autocomplete: 'username', required: true,
      maxlength: '20', autocapitalize: 'none', spellcheck: 'false' }),
    displayName: field({ name: 'displayName', label: 'Display name', testid: 'signup-displayname',
      hint: 'Optional. The name people see.', autocomplete: 'name', maxlength: '60' }),
    password: passwordField({ name: 'password', label: 'Password', testid: 'signup-password',
      hint: 'At least 8 characters.', autocomplete: 'new-password', required: true, maxlength: '128' }),
  };
  const alert = formAlert();
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block', dataset: { testid: 'signup-submit' } },
    'Create account');
  const form = h('form', { class: 'card form', novalidate: true, 'aria-labelledby': 'signup-title' },
    alert.el, Object.values(fields).map((f) => f.wrap), submit);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    const values = {
      email: fields.email.input.value.trim(),
      username: fields.username.input.value.trim(),
      displayName: fields.displayName.input.value.trim(),
      password: fields.password.input.value,
    };
    const problems = {};
    if (!/^[^\s@]+@[^\s@]+$/.test(values.email)) problems.email = 'Enter an email address like name@example.com.';
    if (values.username.length < 3 || values.username.length > 20) problems.username = 'Use 3 to 20 characters.';
    const passwordIssue = passwordProblem(values.password);
    if (passwordIssue) problems.password = passwordIssue;
    if (Object.keys(problems).length) {
      showApiError({ fieldErrors: problems }, fields, alert);
      return;
    }
    if (!values.displayName) delete values.displayName; // the server falls back to the username
    setPending(form, submit, true, 'Creating account…');
    try {
      const session = await signUp(values);
      if (session.confirmationSent) {
        // Said alike whether or not the address has an account: the server told its owner instead.
        form.replaceWith(h('section', { class: 'card', dataset: { testid: 'signup-check-email' } },
          h('h2', {}, 'Check your inbox'),
          h('p', {}, 'We sent a link to ', h('strong', {}, session.confirmationSent),
            '. Open it to finish creating your account, then sign in.'),
          h('p', { class: 'hint' }, 'Nothing there after a few minutes? Look in spam, or sign up again.'),
          h('div', { class: 'actions' },
            h('a', { class: 'btn', href: withNext('#/sign-in', query), dataset: { testid: 'signup-then-signin' } }, 'Sign in'))));
        return;
      }
      const p = session.me.profile;
      flash(`Welcome to Kindred, ${p.displayName || p.username}!`, 'success');
      navigate(nextPath(query));
    } catch (err) {
      setPending(form, submit, false);
      showApiError(err, fields, alert);
      if (err.status === 409 && err.fieldErrors?.email) {
        const href = withNext('#/sign-in', query);
        offerSignIn(fields.email.error, values.email, href, 'signup-signin-instead-field');
        if (alert.el.textContent) offerSignIn(alert.el, values.email, href, 'signup-signin-instead');
      }
    }
  });

  root.append(
    h('h1', { id: 'signup-title', tabindex: '-1' }, 'Create your account'),
    h('p', { class: 'lead' }, 'One account for all five Kindred apps.'),
    form,
    h('p', { class: 'aside' }, 'Already have an account? ',
      h('a', { href: withNext('#/sign-in', query), dataset: { testid: 'goto-signin' } }, 'Sign in')),
  );
}

export function renderSignIn(root, { navigate, query }) {
  const fields = {
    email: field({ name: 'email', label: 'Email', testid: 'signin-email', type: 'email',
      autocomplete: 'username', inputmode: 'email', required: true, maxlength: '254', spellcheck: 'false' }),
    password: passwordField({ name: 'password', label: 'Password', testid: 'signin-password',
      autocomplete: 'current-password', required: true, maxlength: '128' }),
  };
  const alert = formAlert();
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block', dataset: { testid: 'signin-submit' } },
    'Sign in');
  const form = h('form', { class: 'card form', novalidate: true, 'aria-labelledby': 'signin-title' },
    alert.el, Object.values(fields).map((f) => f.wrap), submit);

  if (prefillEmail) {
    // Coming from a sign-up whose email was taken: the password is all that's left to type.
    fields.email.input.value = prefillEmail;
    prefillEmail = '';
    queueMicrotask(() => fields.password.input.focus()); // after the shell focuses the heading
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    const email = fields.email.input.value.trim();
    const password = fields.password.input.value;
    const problems = {};
    if (!email) problems.email = 'Enter your email.';
    if (!password) problems.password = 'Enter your password.';
    if (Object.keys(problems).length) {
      showApiError({ fieldErrors: problems }, fields, alert);
      return;
    }
    setPending(form, submit, true, 'Signing in…');
    try {
      await signIn({ email, password });
      navigate(nextPath(query));
    } catch (err) {
      setPending(form, submit, false);
      showApiError(err, fields, alert);
      if (!Object.keys(err.fieldErrors || {}).length) fields.password.input.select();
    }
  });

  const forgot = h('a', { href: '#/forgot-password', dataset: { testid: 'goto-forgot' } }, 'Forgot your password?');
  forgot.addEventListener('click', () => offerEmail(fields.email.input.value.trim()));

  root.append(
    h('h1', { id: 'signin-title', tabindex: '-1' }, 'Sign in'),
    form,
    h('p', { class: 'aside' }, forgot),
    h('p', { class: 'aside' }, 'New to Kindred? ',
      h('a', { href: withNext('#/sign-up', query), dataset: { testid: 'goto-signup' } }, 'Create an account')),
  );
}
