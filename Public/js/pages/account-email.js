// The account page's e-mail address: whether it is proven (and a new link when it isn't), and
// moving the account to another address, which takes the password: whoever holds a session
// must not be able to take the account by moving where its reset links go.
import { h } from '../dom.js';
import * as kindred from '../kindred-client.js';
import { currentSession, onSessionChange, updateMe } from '../session.js';
import { clearErrors, field, formAlert, passwordField, setPending, showApiError, statusLine } from '../forms.js';

/** The section and its cleanup: { el, cleanup }. */
export function emailSection() {
  const address = h('span', { class: 'email-address', dataset: { testid: 'account-email' } });
  const state = h('span', { class: 'badge', dataset: { testid: 'account-email-state' } });
  const send = h('button', { type: 'button', class: 'btn', dataset: { testid: 'account-email-send' } }, 'Send a new link');
  const sendAlert = formAlert('account-email-error');
  const sendStatus = statusLine('account-email-status');
  // Shown while the address is unproven: why it matters, and a new link.
  const unproven = h('div', {},
    h('p', { class: 'hint' }, 'Open the link we sent to this address to confirm it’s yours.'),
    sendAlert.el,
    h('div', { class: 'actions' }, send));

  /** Drawn from the cached account, so it follows every change to it (here or from the verify page). */
  function showState(me) {
    address.textContent = me.email || '—';
    state.hidden = !me.email;
    state.textContent = me.emailVerified ? 'Verified' : 'Not verified';
    state.className = `badge ${me.emailVerified ? 'badge-success' : 'badge-warning'}`;
    state.dataset.verified = String(Boolean(me.emailVerified));
    unproven.hidden = !me.email || me.emailVerified;
    if (unproven.hidden) sendStatus.clear();
  }

  send.addEventListener('click', async () => {
    const { email } = currentSession().me;
    sendAlert.clear();
    sendStatus.clear();
    send.disabled = true;
    try {
      await kindred.sendEmailVerification();
      sendStatus.show(`Sent — check ${email}.`);
    } catch (err) {
      sendAlert.show(err.detail || err.message);
      // Already verified (say, on another device): the account we show is out of date.
      if (err.status === 409) kindred.getMe().then(updateMe, () => { /* the alert already says it */ });
    } finally {
      send.disabled = false;
    }
  });

  const change = changeForm(sendStatus);
  const el = h('section', { class: 'card', 'aria-labelledby': 'email-title' },
    h('h2', { id: 'email-title' }, 'Email'),
    h('p', { class: 'email-line' }, address, state),
    unproven,
    sendStatus.el,
    change);

  showState(currentSession().me);
  const off = onSessionChange((session) => { if (session) showState(session.me); });
  return { el, cleanup: off };
}

/** Change e-mail: the new address and the current password. */
function changeForm(sendStatus) {
  const me = currentSession().me;
  if (!me.hasPassword) {
    return h('p', { class: 'hint' }, 'This account signs in with Apple and has no password, so its address can’t be changed here.');
  }
  const fields = {
    email: field({ name: 'email', label: 'New email address', testid: 'email-new', type: 'email',
      autocomplete: 'email', inputmode: 'email', required: true, maxlength: '254', spellcheck: 'false' }),
    password: passwordField({ name: 'password', label: 'Current password', testid: 'email-password',
      hint: 'To make sure it’s you.', autocomplete: 'current-password', required: true, maxlength: '128' }),
  };
  const alert = formAlert('email-change-error');
  const status = statusLine('email-change-status');
  const submit = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'email-change-submit' } }, 'Change email');
  const form = h('form', { class: 'form email-change', novalidate: true, 'aria-labelledby': 'email-change-title' },
    h('h3', { id: 'email-change-title' }, 'Change email'),
    alert.el, Object.values(fields).map((f) => f.wrap), h('div', {}, submit), status.el);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    status.clear();
    const email = fields.email.input.value.trim();
    const password = fields.password.input.value;
    const problems = {};
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.email = 'Enter an email address like name@example.com.';
    if (!password) problems.password = 'Enter your current password.';
    if (Object.keys(problems).length) {
      showApiError({ fieldErrors: problems }, fields, alert);
      return;
    }
    const before = currentSession().me.email;
    setPending(form, submit, true, 'Changing…');
    try {
      // A wrong password is a 422 on its field (not a 401, which would sign this browser out).
      const { status: code, body } = await kindred.changeEmail(email, password);
      setPending(form, submit, false);
      fields.email.input.value = '';
      fields.password.input.value = '';
      if (code === 202) {
        // The server changes the address only when the link sent there is opened.
        status.show(`We sent a link to ${body.email}. Open it to make it your address; until then it stays ${before}.`);
        return;
      }
      updateMe(body);
      sendStatus.clear(); // "Sent — check" the old address no longer applies
      status.show(body.email === before
        ? `${body.email} is already your address.`
        : `Your address is now ${body.email}. We sent a link there: open it to confirm the address.`);
    } catch (err) {
      setPending(form, submit, false);
      showApiError(err, fields, alert); // 409: another account has it; 422: the fields; 429: wait
    }
  });
  return form;
}
