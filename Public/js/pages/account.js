// Account: who you are, your email address, notifications, downloading your data, and deleting the account
// (guarded by typing your username).
import { h } from '../dom.js';
import { emailSection } from './account-email.js';
import { dataSection } from './account-data.js';
import { notificationsSection } from './account-notifications.js';
import { deleteAccount } from '../kindred-client.js';
import { currentSession, endSession } from '../session.js';
import { field, formAlert, setPending } from '../forms.js';

export function render(root) {
  const { me } = currentSession();
  const username = me.profile.username;
  const since = new Date(me.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

  const confirm = field({
    name: 'confirm', label: `To confirm, type your username “${username}”`, testid: 'delete-confirm',
    autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
  });
  const alert = formAlert('delete-error');
  const submit = h('button', { type: 'submit', class: 'btn btn-danger', disabled: true, dataset: { testid: 'delete-submit' } },
    'Delete my account');
  const matches = () => confirm.input.value.trim().toLowerCase() === username.toLowerCase();
  confirm.input.addEventListener('input', () => { submit.disabled = !matches(); });

  const form = h('form', { class: 'card danger-zone', novalidate: true, 'aria-labelledby': 'delete-title' },
    h('h2', { id: 'delete-title' }, 'Delete account'),
    h('p', {}, 'This permanently deletes your account, profile, photos and everything you made in the Kindred apps. ',
      h('strong', {}, 'It can’t be undone.')),
    alert.el, confirm.wrap, submit);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!matches()) return;
    alert.clear();
    setPending(form, submit, true, 'Deleting…');
    try {
      // The shell then shows the signed-out home with "Your account was deleted."
      await endSession(deleteAccount, 'deleted');
    } catch (err) {
      setPending(form, submit, false);
      submit.disabled = !matches();
      alert.show(err.detail || err.message);
    }
  });

  const email = emailSection();
  const data = dataSection();
  const notifications = notificationsSection();
  root.append(
    h('h1', { tabindex: '-1' }, 'Account'),
    h('section', { class: 'card', 'aria-labelledby': 'details-title' },
      h('h2', { id: 'details-title' }, 'Details'),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Username'), h('dd', {}, username),
        h('dt', {}, 'Member since'), h('dd', {}, since))),
    email.el,
    notifications.el,
    h('section', { class: 'card', 'aria-labelledby': 'privacy-title' },
      h('h2', { id: 'privacy-title' }, 'Privacy'),
      h('p', {}, 'People you block can’t see you anywhere in Kindred, and you won’t see them.'),
      h('p', {}, h('a', { href: '#/blocked', dataset: { testid: 'account-blocked' } }, 'Blocked people'))),
    data.el,
    form,
  );
  return () => { email.cleanup(); data.cleanup(); notifications.cleanup(); };
}
