// Blocking one Rin profile, and the list of those I blocked. A block is of that profile only,
// never its owner's account: an alternate is not tied to the rest of its owner, and blocking
// their account would show me who vanished with it. So the list names each block by the name I
// saw, and Kindred's own "Blocked people" (by username) stays apart.
import { h, timeEl } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { unblockButton } from '../../safety.js';
import * as client from './client.js';
import { problemText } from './state.js';

/**
 * A "Block" button for a profile shown as `who`: `block()` makes the block (a card's or a
 * person's); `onBlocked(block)` runs after it.
 */
export function blockButton(who, block, { onBlocked, onError, testid = 'rin-block' } = {}) {
  const button = h('button', { type: 'button', class: 'linklike danger-link', dataset: { testid } }, 'Block');
  button.addEventListener('click', async () => {
    if (!window.confirm(`Block ${who}? You and this profile won’t see each other in Rin, and pending asks between you are `
      + 'declined. Only this profile is blocked. They aren’t told.')) return;
    button.disabled = true;
    try {
      onBlocked?.(await block());
    } catch (err) {
      button.disabled = false;
      onError?.(err);
    }
  });
  return button;
}

/** The Profile tab's section listing my blocks, each with Unblock: { el, stop }. */
export function blockedSection() {
  let alive = true;
  const alert = formAlert('rin-blocked-error');
  const status = statusLine('rin-blocked-status');
  const list = h('ul', { class: 'rin-blocked-list', dataset: { testid: 'rin-blocked-list' }, 'aria-busy': 'true' });
  const none = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-blocked-empty' } }, 'You haven’t blocked any card.');
  const more = moreButton({ testid: 'rin-blocked-more', label: 'Show older blocks', fetchPage: client.listBlocks,
    show: (page) => { if (alive) list.append(...page.items.map(row)); }, onError: (err) => alert.show(problemText(err)) });

  function row(block) {
    const li = h('li', { class: 'rin-blocked', dataset: { testid: 'rin-blocked-row' } },
      h('div', {}, h('p', { class: 'rin-blocked-name' }, block.label), h('p', { class: 'muted' }, 'Blocked ', timeEl(block.blockedAt))));
    li.append(unblockButton(block.label, () => client.unblock(block.id), {
      testid: 'rin-unblock', alert, status, message: `${block.label} is unblocked. Asks the block declined stay declined.`,
      onLifted: () => { li.remove(); none.hidden = list.children.length > 0; },
    }));
    return li;
  }

  const el = h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-blocked-title' },
    h('h2', { id: 'rin-blocked-title' }, 'Blocked cards'),
    h('p', { class: 'muted' }, 'Rin profiles you blocked, by the name you knew them by. To block someone everywhere in Kindred, '
      + 'block their username in ', h('a', { href: '#/blocked' }, 'Blocked people'), '.'),
    alert.el, status.el, list, more.el, none);
  client.listBlocks().then((page) => {
    if (!alive) return;
    list.replaceChildren(...page.items.map(row));
    none.hidden = page.items.length > 0;
    more.start(page);
  }, (err) => { if (alive) alert.show(problemText(err)); }).finally(() => list.setAttribute('aria-busy', 'false'));
  return { el, stop() { alive = false; more.stop(); } };
}
