// Friends: ask someone by username, answer the requests waiting for me, take back mine, and the
// friends I share a book with (unfriending archives our book: both keep reading it, neither can
// add to it). Everything here follows the other side live.
import { h, timeEl } from '../../dom.js';
import { field, formAlert, setPending, statusLine } from '../../forms.js';
import { allPages } from '../../paging.js';
import { onStatus } from '../../realtime.js';
import { bookHref } from './book-cover.js';
import * as client from './client.js';
import { nameOf, personRow } from './people.js';
import { incomingRequests } from './requests.js';

export function render(root) {
  let alive = true;
  const alert = formAlert('memories-friends-error');
  const status = statusLine('memories-friends-status');
  const fail = (err) => { if (alive) { status.clear(); alert.show(err.detail || err.message); } };
  const done = (text) => { if (alive) { alert.clear(); status.show(text); } };

  // ---- asking ----
  const username = field({ name: 'memories-username', label: 'Add a friend by username', testid: 'memories-add-username',
    autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', maxlength: '20', placeholder: 'username' });
  const ask = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'memories-add-submit' } }, 'Ask');
  const form = h('form', { class: 'memories-add', novalidate: true, dataset: { testid: 'memories-add-form' } },
    username.wrap, h('div', { class: 'actions memories-add-actions' }, ask));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = username.input.value.trim().replace(/^@/, '');
    username.setError(null);
    if (!name) { username.setError('Type their username.'); username.input.focus(); return; }
    setPending(form, ask, true, 'Asking…');
    try {
      const { status: code, body } = await client.askFriend(name);
      const who = nameOf(body.profile);
      if (body.state === 'friends') {
        done(code === 200 && body.friend ? `You and ${who} are friends. Your book is on your shelf.` : `You and ${who} are friends.`);
      } else {
        done(code === 201 ? `Asked ${who}. Your book appears when they accept.` : `You already asked ${who}.`);
      }
      username.input.value = '';
      reload();
    } catch (err) {
      if (err.status === 404) username.setError('Nobody has that username.');
      else if (err.fieldErrors?.username) username.setError(err.fieldErrors.username);
      else fail(err);
      username.input.focus();
    } finally {
      if (alive) setPending(form, ask, false);
    }
  });

  // ---- lists ----
  const incoming = incomingRequests({ onMessage: done, onError: fail, onAccepted: () => reload() });
  const outgoing = h('ul', { class: 'memories-people', dataset: { testid: 'memories-outgoing' } });
  const outgoingSection = h('section', { hidden: true, 'aria-labelledby': 'memories-outgoing-title' },
    h('h2', { id: 'memories-outgoing-title' }, 'Waiting for an answer'), outgoing);
  const friends = h('ul', { class: 'memories-people', 'aria-busy': 'true', dataset: { testid: 'memories-friends' } });
  const noFriends = h('p', { class: 'muted', hidden: true, dataset: { testid: 'memories-friends-empty' } },
    'No friends here yet. Ask someone above: when they accept, you share a book.');
  root.append(h('h1', { tabindex: '-1', class: 'memories-title' }, 'Friends'), alert.el, status.el, form, incoming.el, outgoingSection,
    h('section', { 'aria-labelledby': 'memories-friends-title' }, h('h2', { id: 'memories-friends-title' }, 'Your friends'), friends, noFriends));

  function outgoingRow(request) {
    const who = nameOf(request.profile);
    const cancel = h('button', { type: 'button', class: 'btn memories-small-btn', dataset: { testid: 'memories-request-cancel' },
      'aria-label': `Cancel your friend request to ${who}` }, 'Cancel');
    const li = personRow(request.profile, { actions: [cancel], testid: 'memories-outgoing-request' });
    cancel.addEventListener('click', async () => {
      cancel.disabled = true;
      try {
        await client.deleteRequest(request.profile.username);
        li.remove();
        outgoingSection.hidden = !outgoing.children.length;
        done(`Request to ${who} cancelled.`);
      } catch (err) {
        cancel.disabled = false;
        fail(err);
      }
    });
    return li;
  }

  function friendRow(friend) {
    const who = nameOf(friend.profile);
    const open = h('a', { class: 'btn memories-small-btn', href: bookHref(friend.book.id), dataset: { testid: 'memories-friend-book' },
      'aria-label': `Open your book with ${who}` }, 'Book');
    const remove = h('button', { type: 'button', class: 'btn memories-small-btn', dataset: { testid: 'memories-unfriend' },
      'aria-label': `Unfriend ${who}` }, 'Unfriend');
    const li = personRow(friend.profile, { actions: [open, remove], testid: 'memories-friend',
      meta: h('span', { class: 'muted memories-since' }, 'Friends since ', timeEl(friend.since)) });
    remove.addEventListener('click', async () => {
      if (!window.confirm(`Unfriend ${who}? Your book is archived: you both keep reading it, but neither of you can add to it.`)) return;
      remove.disabled = true;
      try {
        await client.unfriend(friend.profile.username);
        li.remove();
        noFriends.hidden = friends.children.length > 0;
        done(`You and ${who} are no longer friends. Your book is archived on your shelf.`);
      } catch (err) {
        remove.disabled = false;
        fail(err);
      }
    });
    return li;
  }

  let loading = null;
  async function reload() {
    if (loading) return loading;
    loading = Promise.all([
      allPages((cursor) => client.listRequests('outgoing', cursor), { maxPages: 5 }),
      allPages(client.listFriends, { maxPages: 10 }),
    ]).then(([mine, all]) => {
      if (!alive) return;
      outgoing.replaceChildren(...mine.map(outgoingRow));
      outgoingSection.hidden = !mine.length;
      friends.replaceChildren(...all.map(friendRow));
      noFriends.hidden = all.length > 0;
    }, fail).finally(() => { loading = null; friends.setAttribute('aria-busy', 'false'); });
    return loading;
  }

  const offs = [
    client.onBookCreated(() => reload()),
    client.onBookUpdated((book) => { if (book.archived) reload(); }), // unfriended on another device: the book is archived
    onStatus((s, { reconnected }) => { if (s === 'open' && reconnected) reload(); }),
  ];
  reload();
  return () => { alive = false; incoming.stop(); offs.forEach((off) => off()); };
}
