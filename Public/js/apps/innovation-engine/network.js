// Network: my constellation on a canvas (faces and names), and the same people as a list below
// it, so everything (names, notes, removing) also works with a keyboard or a screen reader and
// no canvas at all.
// It reloads from the server whenever a connection is made or removed (realtime, client.js).
import { h } from '../../dom.js';
import { avatar } from '../../components.js';
import { formAlert, statusLine } from '../../forms.js';
import { allPages } from '../../paging.js';
import { safetyActions } from '../../safety.js';
import { onStatus } from '../../realtime.js';
import * as client from './client.js';
import { createConstellation } from './constellation.js';
import { nameOf } from './confirm-connect.js';

const countText = (n) => `${n} ${n === 1 ? 'person' : 'people'}`;

export function render(root) {
  let alive = true;
  let loading = null; // single-flight: events arriving during a load just ask for one more
  let again = false;
  const count = h('p', { class: 'innovation-engine-count', dataset: { testid: 'ie-network-count' }, 'aria-live': 'polite' }, '…');
  const canvas = h('canvas', { class: 'innovation-engine-canvas', dataset: { testid: 'ie-network-canvas' }, role: 'img',
    'aria-label': 'Your network as a constellation. The same people are listed below.' });
  const label = h('div', { class: 'innovation-engine-star-label', hidden: true, 'aria-hidden': 'true',
    dataset: { testid: 'ie-star-label' } });
  const announce = h('p', { class: 'sr-only', 'aria-live': 'polite', dataset: { testid: 'ie-star-announce' } });
  const alert = formAlert('ie-network-error');
  const status = statusLine('ie-network-status');
  const list = h('ul', { class: 'innovation-engine-people', 'aria-labelledby': 'innovation-engine-people-title',
    dataset: { testid: 'ie-people' } });
  // Nobody yet: say how to start, with the two ways right there, above the (nearly empty) sky.
  const empty = h('div', { class: 'card innovation-engine-empty', hidden: true, dataset: { testid: 'ie-network-empty' } },
    h('p', {}, 'No connections yet. Show your QR code or scan a friend’s to start your constellation.'),
    h('div', { class: 'actions' },
      h('a', { class: 'btn btn-primary', href: '#/innovation-engine/qr', dataset: { testid: 'ie-empty-qr' } }, 'Show my QR'),
      h('a', { class: 'btn', href: '#/innovation-engine/scan', dataset: { testid: 'ie-empty-scan' } }, 'Scan a code')));
  const rows = new Map(); // person id -> { li, ... } kept across reloads so drafts and focus survive

  const sky = createConstellation(canvas, {
    onSelect(person, at) {
      if (!person) { label.hidden = true; return; }
      label.textContent = person.isMe ? `${nameOf(person)} (you)` : nameOf(person);
      label.hidden = false;
      // CSSOM positioning is allowed by the CSP (only style attributes in markup are not).
      label.style.transform = `translate(${Math.round(at.x)}px, ${Math.round(at.y)}px)`;
      announce.textContent = label.textContent;
    },
  });
  const zoomButton = (text, aria, testid, action) => h('button', { type: 'button', class: 'btn btn-quiet innovation-engine-zoom',
    'aria-label': aria, dataset: { testid }, onclick: action }, text);

  root.append(
    h('div', { class: 'innovation-engine-network-head' }, count,
      h('div', { class: 'innovation-engine-zoom-bar', role: 'group', 'aria-label': 'Zoom the constellation' },
        zoomButton('+', 'Zoom in', 'ie-zoom-in', () => sky.zoomBy(1.4)),
        zoomButton('−', 'Zoom out', 'ie-zoom-out', () => sky.zoomBy(1 / 1.4)),
        zoomButton('Reset', 'Reset zoom and position', 'ie-zoom-reset', () => sky.reset()))),
    empty,
    h('div', { class: 'innovation-engine-sky' }, canvas, label),
    announce, alert.el, status.el,
    h('h2', { id: 'innovation-engine-people-title', class: 'section-title' }, 'People'),
    list);

  async function load() {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      try {
        // Notes live on connections, the drawing on the network: read both, together.
        const [network, connections] = await Promise.all([client.getNetwork(), allPages(client.listConnections)]);
        if (!alive) return;
        alert.clear();
        sky.setData(network);
        count.textContent = countText(network.people.length);
        const byPerson = new Map(connections.map((c) => [c.person.id, c]));
        update(network.people, byPerson);
      } catch (err) {
        if (alive) alert.show(err.detail || err.message);
      }
    })();
    await loading;
    loading = null;
    if (again && alive) { again = false; load(); }
  }

  function update(people, byPerson) {
    const seen = new Set();
    const sorted = [...people].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
    for (const person of sorted) {
      seen.add(person.id);
      const connection = byPerson.get(person.id);
      let row = rows.get(person.id);
      if (!row) { row = personRow(); rows.set(person.id, row); }
      row.set(person, connection);
      list.append(row.li); // append moves an existing node: this also keeps the sort order
    }
    for (const [id, row] of rows) {
      if (!seen.has(id)) { row.li.remove(); rows.delete(id); }
    }
    empty.hidden = people.length > 0;
  }

  /** One person: name, my private note (save), remove. Updated in place by set(). */
  function personRow() {
    const name = h('p', { class: 'innovation-engine-person-name' });
    const username = h('span', { class: 'muted innovation-engine-person-username' });
    const note = h('input', { type: 'text', maxlength: '200', class: 'innovation-engine-note', dataset: { testid: 'ie-note-input' },
      placeholder: 'Where did you meet?' });
    const noteLabel = h('label', { class: 'innovation-engine-note-label' });
    const save = h('button', { type: 'button', class: 'btn', dataset: { testid: 'ie-note-save' } }, 'Save note');
    const remove = h('button', { type: 'button', class: 'btn btn-quiet innovation-engine-remove', dataset: { testid: 'ie-remove' } },
      'Remove');
    const show = h('button', { type: 'button', class: 'linklike innovation-engine-show', dataset: { testid: 'ie-person-show' } },
      'Show in sky');
    const face = h('span', { class: 'innovation-engine-person-face' });
    const safety = h('span', { class: 'innovation-engine-person-safety' });
    const li = h('li', { class: 'innovation-engine-person', dataset: { testid: 'ie-person-row' } },
      h('div', { class: 'innovation-engine-person-head' }, face, h('div', { class: 'innovation-engine-person-who' }, name, username)),
      h('form', { class: 'innovation-engine-note-form' }, noteLabel, h('div', { class: 'input-row' }, note, save)),
      h('div', { class: 'innovation-engine-person-actions' }, show, remove, safety));
    let current = null; // { person, connection }
    let savedNote = '';
    let faceKey = null; // what the face shows, so a reload doesn't redraw (and flicker) it
    let safetyFor = null; // the username the Report and Block buttons act on

    show.addEventListener('click', () => sky.select(current.person.id));
    li.querySelector('form').addEventListener('submit', (e) => { e.preventDefault(); save.click(); });

    save.addEventListener('click', async () => {
      if (!current?.connection) return;
      save.disabled = true;
      status.clear();
      alert.clear();
      try {
        const updated = await client.updateConnection(current.connection.id, { note: note.value.trim() });
        current.connection = updated;
        savedNote = updated.note || '';
        note.value = savedNote;
        status.show(`Note saved for ${nameOf(current.person)}.`);
      } catch (err) {
        alert.show(err.detail || err.message);
      } finally {
        save.disabled = false;
      }
    });

    remove.addEventListener('click', async () => {
      if (!current?.connection) return;
      const who = nameOf(current.person);
      if (!window.confirm(`Remove your connection with ${who}? It is removed for both of you.`)) return;
      remove.disabled = true;
      try {
        await client.removeConnection(current.connection.id);
        const next = li.nextElementSibling || li.previousElementSibling;
        status.show(`Removed ${who}.`);
        (next?.querySelector('.innovation-engine-note') || document.querySelector('main h1'))?.focus();
        load(); // the realtime event will also arrive; load() coalesces them
      } catch (err) {
        remove.disabled = false;
        alert.show(err.detail || err.message);
      }
    });

    return {
      li,
      set(person, connection) {
        current = { person, connection };
        const display = nameOf(person);
        // The photo's path without its signature, which changes on every reload.
        const key = `${person.avatar?.url?.split('?')[0] || ''}|${display}`;
        if (key !== faceKey) {
          faceKey = key;
          face.replaceChildren(avatar(person, { size: 'md', testid: 'ie-person-avatar' }));
        }
        if (safetyFor !== person.username) {
          safetyFor = person.username;
          // A block ends the connection for both: the list and the sky redraw without them.
          safety.replaceChildren(safetyActions(person, {
            onBlocked: () => load(),
            onDone: (message) => status.show(message),
            onError: (err) => alert.show(err.detail || err.message),
          }));
        }
        name.textContent = display;
        username.textContent = `@${person.username}`;
        li.dataset.username = person.username;
        li.dataset.connectionId = connection?.id || '';
        const id = `innovation-engine-note-${person.id}`;
        note.id = id;
        noteLabel.htmlFor = id;
        noteLabel.textContent = `Private note about ${display}`;
        save.setAttribute('aria-label', `Save note about ${display}`);
        remove.setAttribute('aria-label', `Remove connection with ${display}`);
        show.setAttribute('aria-label', `Show ${display} in the constellation`);
        const fresh = connection?.note || '';
        // Don't overwrite what someone is typing: only follow the server when unedited.
        if (note.value === savedNote) note.value = fresh;
        savedNote = fresh;
        const usable = Boolean(connection);
        save.disabled = !usable;
        remove.disabled = !usable;
      },
    };
  }

  load();
  const offs = [
    client.onConnectionsChanged(() => load()),
    // After a realtime drop, events may have been missed: read again.
    onStatus((s, { reconnected }) => { if (s === 'open' && reconnected) load(); }),
  ];
  return () => { alive = false; offs.forEach((off) => off()); sky.destroy(); };
}
