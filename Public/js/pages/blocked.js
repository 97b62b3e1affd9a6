// Blocked people: whom I blocked (most recent first), unblocking, and blocking someone by
// username. Blocking hides each of us from the other everywhere; Kindred never tells them.
import { h, timeEl } from '../dom.js';
import { avatar } from '../components.js';
import { field, formAlert, setPending, statusLine } from '../forms.js';
import * as kindred from '../kindred-client.js';
import { moreButton } from '../paging.js';
import { unblockButton } from '../safety.js';

export function render(root) {
  let alive = true;
  const alert = formAlert('blocked-error');
  const status = statusLine('blocked-status');
  const list = h('ul', { class: 'blocked-list', dataset: { testid: 'blocked-list' }, 'aria-busy': 'true' });
  const empty = h('p', { class: 'muted', hidden: true, dataset: { testid: 'blocked-empty' } }, 'You haven’t blocked anyone.');
  const show = (page) => {
    if (!alive) return;
    const listed = new Set([...list.children].map((li) => li.dataset.username));
    list.append(...page.items.filter((b) => !listed.has(b.profile.username)).map(row));
    empty.hidden = list.children.length > 0;
  };
  const more = moreButton({
    fetchPage: kindred.listBlocked, show, testid: 'blocked-more',
    onError: (err) => { if (alive) alert.show(err.detail || err.message); },
  });

  const username = field({ name: 'username', label: 'Username', testid: 'block-username', autocomplete: 'off',
    autocapitalize: 'none', spellcheck: 'false', maxlength: '20', required: true });
  const submit = h('button', { type: 'submit', class: 'btn btn-danger', dataset: { testid: 'block-submit' } }, 'Block');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'block-title' },
    h('h2', { id: 'block-title' }, 'Block someone'),
    h('p', {}, 'You won’t see each other in search, profiles or any app, and anything connecting you ends.'),
    username.wrap, submit);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = username.input.value.trim().replace(/^@/, '');
    if (!name) return username.setError('Enter a username.');
    alert.clear();
    status.clear();
    setPending(form, submit, true, 'Blocking…');
    try {
      const blocked = await kindred.block(name);
      if (!alive) return;
      list.querySelector(`[data-username="${CSS.escape(blocked.profile.username)}"]`)?.remove();
      list.prepend(row(blocked));
      empty.hidden = true;
      username.input.value = '';
      status.show(`${blocked.profile.displayName} is blocked.`);
    } catch (err) {
      if (err.status === 404) username.setError('Nobody you can see has that username.');
      else if (err.fieldErrors.username) username.setError(err.fieldErrors.username);
      else alert.show(err.detail || err.message);
    } finally {
      setPending(form, submit, false);
    }
  });

  function row(blocked) {
    const person = blocked.profile;
    const li = h('li', { class: 'blocked', dataset: { testid: 'blocked-row', username: person.username } },
      avatar(person, { size: 'sm' }),
      h('div', { class: 'blocked-who' },
        h('p', { class: 'blocked-name' }, person.displayName),
        h('p', { class: 'muted' }, `@${person.username} · blocked `, timeEl(blocked.blockedAt))));
    li.append(unblockButton(person.displayName, () => kindred.unblock(person.username), {
      testid: 'unblock', alert, status, message: `${person.displayName} is unblocked. Nothing that the block ended comes back by itself.`,
      onLifted: () => { li.remove(); empty.hidden = list.children.length > 0; },
    }));
    return li;
  }

  root.append(h('h1', { tabindex: '-1' }, 'Blocked people'), alert.el, status.el, form,
    h('h2', { class: 'section-title' }, 'Blocked'), list, more.el, empty);
  kindred.listBlocked().then((page) => { show(page); more.start(page); }, (err) => {
    if (alive) alert.show(err.detail || err.message);
  }).finally(() => list.setAttribute('aria-busy', 'false'));
  return () => { alive = false; more.stop(); };
}
