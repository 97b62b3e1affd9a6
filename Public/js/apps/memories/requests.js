// Friend requests waiting for me, each answered in place: Accept makes the friendship and our
// book at once; Decline says nothing to the asker. New requests arrive live.
import { h } from '../../dom.js';
import { allPages } from '../../paging.js';
import { onStatus } from '../../realtime.js';
import * as client from './client.js';
import { nameOf, personRow } from './people.js';

/**
 * incomingRequests({ onAccepted(friend), onMessage(text), onError(err) }) ->
 * { el, reload(), stop() }. The section hides while there is nothing to answer.
 */
export function incomingRequests({ onAccepted, onMessage, onError }) {
  let alive = true;
  const list = h('ul', { class: 'memories-people', dataset: { testid: 'memories-incoming' } });
  const el = h('section', { class: 'memories-requests', hidden: true, 'aria-labelledby': 'memories-incoming-title',
    dataset: { testid: 'memories-incoming-section' } },
  h('h2', { id: 'memories-incoming-title' }, 'Friend requests'), list);

  function row(request) {
    const who = nameOf(request.profile);
    const accept = h('button', { type: 'button', class: 'btn btn-primary memories-small-btn', dataset: { testid: 'memories-request-accept' },
      'aria-label': `Accept ${who}’s friend request` }, 'Accept');
    const decline = h('button', { type: 'button', class: 'btn memories-small-btn', dataset: { testid: 'memories-request-decline' },
      'aria-label': `Decline ${who}’s friend request` }, 'Decline');
    const li = personRow(request.profile, { actions: [accept, decline], testid: 'memories-request' });
    async function answer(yes) {
      accept.disabled = true;
      decline.disabled = true;
      try {
        if (yes) {
          const friend = await client.acceptRequest(request.profile.username);
          onMessage?.(`You and ${who} are friends now. Your book is on your shelf.`);
          onAccepted?.(friend);
        } else {
          await client.deleteRequest(request.profile.username);
          onMessage?.(`Request declined. ${who} isn’t told.`);
        }
        li.remove();
        el.hidden = !list.children.length;
      } catch (err) {
        accept.disabled = false;
        decline.disabled = false;
        onError?.(err);
      }
    }
    accept.addEventListener('click', () => answer(true));
    decline.addEventListener('click', () => answer(false));
    return li;
  }

  async function reload() {
    try {
      const items = await allPages((cursor) => client.listRequests('incoming', cursor), { maxPages: 5 });
      if (!alive) return;
      const shown = new Map([...list.children].map((li) => [li.dataset.username, li]));
      list.replaceChildren(...items.map((request) => shown.get(request.profile.username) || row(request)));
      el.hidden = !list.children.length;
    } catch (err) {
      if (alive) onError?.(err);
    }
  }

  const offs = [
    client.onFriendRequested(() => reload()),
    client.onBookCreated(() => reload()), // accepted on another device, or they accepted mine
    onStatus((status, { reconnected }) => { if (status === 'open' && reconnected) reload(); }),
  ];
  reload();
  return { el, reload, stop() { alive = false; offs.forEach((off) => off()); } };
}
