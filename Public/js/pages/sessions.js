// Sessions: every device signed in to this account, with a way to revoke each one.
import { h, timeEl } from '../dom.js';
import { api, endSession } from '../api.js';
import { onEvent } from '../realtime.js';
import { formAlert, statusLine } from '../forms.js';

export function render(root) {
  const list = h('ul', { class: 'session-list', dataset: { testid: 'session-list' }, 'aria-busy': 'true' },
    h('li', { class: 'muted' }, 'Loading sessions…'));
  const alert = formAlert();
  const status = statusLine('sessions-status');
  let alive = true;

  async function load() {
    try {
      const { sessions } = await api.get('/me/sessions');
      if (!alive) return;
      list.replaceChildren(...sessions.map(row));
      if (!sessions.length) list.append(h('li', { class: 'muted' }, 'No active sessions.'));
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      list.setAttribute('aria-busy', 'false');
    }
  }

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
        const path = `/me/sessions/${encodeURIComponent(s.id)}`;
        if (s.current) {
          await endSession(() => api.delete(path), 'signed-out'); // the shell shows the signed-out home
          return;
        }
        await api.delete(path);
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
    if (hadFocus || document.activeElement === document.body) next?.querySelector('button')?.focus();
  }

  root.append(
    h('h1', { tabindex: '-1' }, 'Sessions'),
    h('p', { class: 'lead' }, 'Devices signed in to your account. Revoke any you don’t recognise.'),
    alert.el, status.el, list,
  );
  load();

  // A session revoked from another device disappears here too.
  const off = onEvent('session.revoked', (event) => {
    const li = [...list.children].find((el) => el.dataset.id === event.sessionId);
    if (li) removeRow(li);
  });
  return () => { alive = false; off(); };
}
