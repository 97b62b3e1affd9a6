// Lists of people: someone's followers and whom they follow, and my follow requests. On my own
// lists each row carries what I can do about them: remove a follower, unfollow, or confirm or
// delete a request.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { currentSession } from '../../session.js';
import * as client from './client.js';
import { followButton } from './follow-button.js';
import { personRow } from './person.js';

/** Confirm / Delete for a follow request; onDone(message) once answered. Shared with Activity. */
export function requestActions(profile, { onDone, onError }) {
  const who = profile.displayName || profile.username;
  const confirm = h('button', { type: 'button', class: 'btn btn-primary kinnect-small-btn', dataset: { testid: 'kinnect-request-confirm' },
    'aria-label': `Confirm ${who}’s request to follow you` }, 'Confirm');
  const remove = h('button', { type: 'button', class: 'btn kinnect-small-btn', dataset: { testid: 'kinnect-request-delete' },
    'aria-label': `Delete ${who}’s request to follow you` }, 'Delete');
  async function answer(yes) {
    confirm.disabled = true;
    remove.disabled = true;
    try {
      if (yes) await client.confirmFollowRequest(profile.username); else await client.deleteFollowRequest(profile.username);
      onDone(yes ? `${who} follows you now.` : `Request deleted. ${who} isn’t told.`, yes);
    } catch (err) {
      confirm.disabled = false;
      remove.disabled = false;
      onError(err);
    }
  }
  confirm.addEventListener('click', () => answer(true));
  remove.addEventListener('click', () => answer(false));
  return [confirm, remove];
}

/** watch(reload): optional, subscribes to what changes the list; returns the unsubscribe. */
function listScreen(root, { title, fetchPage, row, emptyText, testid, watch }) {
  let alive = true;
  const alert = formAlert(`${testid}-error`);
  const status = statusLine(`${testid}-status`);
  const list = h('ul', { class: 'kinnect-people', 'aria-busy': 'true', dataset: { testid } });
  const empty = h('p', { class: 'muted kinnect-empty-line', hidden: true, dataset: { testid: `${testid}-empty` } }, emptyText);
  const ctx = {
    fail: (err) => { if (alive) { status.clear(); alert.show(err.detail || err.message); } },
    done: (message) => { if (alive) { alert.clear(); status.show(message); } },
    gone: (li) => { li.remove(); empty.hidden = list.children.length > 0; },
  };
  const show = (page) => {
    if (!alive) return;
    const shown = new Set([...list.children].map((li) => li.dataset.username));
    list.append(...page.items.filter((p) => !shown.has(p.profile.username)).map((person) => row(person, ctx)));
    empty.hidden = list.children.length > 0;
  };
  const more = moreButton({ fetchPage, show, testid: `${testid}-more`, onError: ctx.fail });
  root.append(h('h1', { tabindex: '-1', class: 'kinnect-title' }, title), alert.el, status.el, list, more.el, empty);
  fetchPage().then((page) => { show(page); more.start(page); }, ctx.fail).finally(() => list.setAttribute('aria-busy', 'false'));
  // New arrivals show at the top: rows already here stay as they are (and keep their buttons).
  const off = watch?.(() => fetchPage().then((page) => {
    if (!alive) return;
    const shown = new Set([...list.children].map((li) => li.dataset.username));
    list.prepend(...page.items.filter((p) => !shown.has(p.profile.username)).map((person) => row(person, ctx)));
    empty.hidden = list.children.length > 0;
  }, () => {})); // best effort: what is listed stays, and a visit later shows the rest
  return () => { alive = false; more.stop(); off?.(); };
}

const isMe = (username) => username.toLowerCase() === currentSession().me.profile.username.toLowerCase();

export const followers = { render(root, { params }) {
  const mine = isMe(params.username);
  return listScreen(root, {
    title: mine ? 'Your followers' : `${params.username}’s followers`, testid: 'kinnect-followers',
    emptyText: mine ? 'Nobody follows you yet.' : 'No followers yet.',
    fetchPage: (cursor) => client.listFollowers(params.username, cursor),
    row: (person, ctx) => {
      if (!mine) return personRow(person.profile);
      const who = person.profile.displayName || person.profile.username;
      const remove = h('button', { type: 'button', class: 'btn kinnect-small-btn', dataset: { testid: 'kinnect-remove-follower' },
        'aria-label': `Remove ${who} from your followers` }, 'Remove');
      const li = personRow(person.profile, { actions: [remove] });
      remove.addEventListener('click', async () => {
        if (!window.confirm(`Remove ${who} from your followers? They aren’t told, and they can ask to follow you again.`)) return;
        remove.disabled = true;
        try {
          await client.removeFollower(person.profile.username);
          ctx.gone(li);
          ctx.done(`${who} no longer follows you.`);
        } catch (err) {
          remove.disabled = false;
          ctx.fail(err);
        }
      });
      return li;
    },
  });
} };

export const following = { render(root, { params }) {
  const mine = isMe(params.username);
  return listScreen(root, {
    title: mine ? 'You follow' : `${params.username} follows`, testid: 'kinnect-following',
    emptyText: mine ? 'You don’t follow anyone yet.' : 'Not following anyone yet.',
    fetchPage: (cursor) => client.listFollowing(params.username, cursor),
    row: (person, ctx) => personRow(person.profile, { actions: mine
      ? [followButton(person.profile, { state: 'following', onError: ctx.fail }).el] : [] }),
  });
} };

export const requests = { render(root) {
  return listScreen(root, {
    title: 'Follow requests', testid: 'kinnect-requests', emptyText: 'No follow requests right now.',
    fetchPage: client.listFollowRequests,
    watch: (reload) => client.onFollowsChanged((event) => { if (event.type === 'kinnect.follow.requested') reload(); }),
    row: (person, ctx) => {
      const li = personRow(person.profile, { actions: requestActions(person.profile, {
        onDone: (message) => { ctx.gone(li); ctx.done(message); },
        onError: ctx.fail,
      }) });
      return li;
    },
  });
} };

