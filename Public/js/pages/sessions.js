// Sessions: every device signed in to this account (this one first and marked), with a way to
// revoke each one or every other one at once.
import { h, timeEl } from '../dom.js';
import { formAlert, statusLine } from '../forms.js';
import * as kindred from '../kindred-client.js';
import { moreButton } from '../paging.js';
import { onEvent } from '../realtime.js';
import { endSession } from '../session.js';

export function render(root) {
  const list = h('ul', { class: 'session-list', dataset: { testid: 'session-list' }, 'aria-busy': 'true' },
    h('li', { class: 'muted' }, 'Loading sessions…'));
  const alert = formAlert();
  const status = statusLine('sessions-status');
  const revokeOthers = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'sessions-revoke-others' } },
    'Sign out all other devices');
  let alive = true;

  // Past the first page (50 devices), the rest come as the list is scrolled to its end.
  const more = moreButton({
    fetchPage: kindred.listSessions,
    testid: 'sessions-more',
    label: 'Show more devices',
    show: (page) => {
      if (!alive) return;
      const listed = new Set([...list.children].map((li) => li.dataset.id));
      list.append(...page.items.filter((s) => !listed.has(s.id)).map(row));
      showRevokeOthers();
    },
    onError: (err) => { if (alive) alert.show(err.detail || err.message); },
  });

  async function load() {
    try {
      const page = await kindred.listSessions();
      if (!alive) return;
      const sessions = page.items;
      const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current)); // this device first
      list.replaceChildren(...ordered.map(row));
      if (!sessions.length) list.append(h('li', { class: 'muted' }, 'No active sessions.'));
      more.start(page);
      showRevokeOthers();
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      list.setAttribute('aria-busy', 'false');
    }
  }

  function showRevokeOthers() {
    revokeOthers.hidden = ![...list.children].some((li) => li.dataset.current === 'false');
  }

  revokeOthers.addEventListener('click', async () => {
    const others = [...list.children].filter((li) => li.dataset.current === 'false').length;
    const what = others === 1 ? 'the other device' : `all ${others} other devices`;
    if (!window.confirm(`Sign out ${what}? They will need your password to sign in again. This device stays signed in.`)) return;
    revokeOthers.disabled = true;
    alert.clear();
    status.clear();
    try {
      const { revoked } = await kindred.revokeOtherSessions();
      if (!alive) return;
      status.show(revoked === 1 ? 'Signed out 1 other device.' : `Signed out ${revoked} other devices.`);
      await load();
      list.querySelector('button')?.focus(); // the button is gone now; keep keyboard focus nearby
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      revokeOthers.disabled = false;
    }
  });

  function row(s) {
    const revoke = h('button', {
      type: 'button', class: `btn ${s.current ? 'btn-quiet' : ''}`, dataset: { testid: 'session-revoke' },
      'aria-label': s.current ? `Sign out this device (${s.device})` : `Revoke session on ${s.device}`,
    }, s.current ? 'Sign out' : 'Revoke');
    const li = h('li', { class: 'session', dataset: { testid: 'session-row', current: String(s.current), id: s.id } },
      h('div', { class: 'session-main' },
        h('p', { class: 'session-device' }, s.device || 'Unknown device',
          s.current ? h('span', { class: 'badge badge-accent', dataset: { testid: 'session-current' } }, 'This device') : null),
        h('p', { class: 'session-meta' }, 'Signed in ', timeEl(s.createdAt), ' · last used ', timeEl(s.lastUsedAt))),
      revoke);
    revoke.addEventListener('click', async () => {
      revoke.disabled = true;
      alert.clear();
      status.clear();
      try {
        if (s.current) {
          await endSession(() => kindred.revokeSession(s.id), 'signed-out'); // the shell shows the signed-out home
          return;
        }
        await kindred.revokeSession(s.id);
        removeRow(li);
        status.show(`Signed out ${s.device || 'that device'}.`);
      } catch (err) {
        revoke.disabled = false;
        alert.show(err.detail || err.message);
      }
    });
    return li;
  }

  function removeRow(li) {
    if (!li.isConnected) return;
    // Keep keyboard focus in the list instead of losing it with the removed row.
    const hadFocus = li.contains(document.activeElement);
    const next = li.nextElementSibling || li.previousElementSibling;
    li.remove();
    showRevokeOthers();
    if (hadFocus || document.activeElement === document.body) next?.querySelector('button')?.focus();
  }

  root.append(
    h('h1', { tabindex: '-1' }, 'Sessions'),
    h('p', { class: 'lead' }, 'Devices signed in to your account. Revoke any you don’t recognise.'),
    alert.el, status.el, list, more.el, h('div', { class: 'actions' }, revokeOthers),
  );
  load();

  // A session revoked from another device disappears here too.
  const off = onEvent('session.revoked', (event) => {
    const li = [...list.children].find((el) => el.dataset.id === event.sessionId);
    if (li) removeRow(li);
  });
  return () => { alive = false; off(); more.stop(); };
}
