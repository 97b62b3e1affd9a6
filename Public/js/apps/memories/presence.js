// Seeing each other on a shared page: where my pointer is goes to the friend (at most five times
// a second), and theirs shows here as a dot with their name, gone after ten quiet seconds or
// when they leave the page.
import { h } from '../../dom.js';
import * as client from './client.js';
import { PAGE_HEIGHT, PAGE_WIDTH } from './canvas-model.js';
import { nameOf } from './people.js';

const SEND_EVERY_MS = 200;
const FADE_MS = 10_000;

/** createPresence(pageId, layer) -> { moved(point), stop() }. layer: the stage's presence layer. */
export function createPresence(pageId, layer) {
  let lastSent = 0;
  let waiting = null;
  let timer = null;
  let alive = true;
  const cursors = new Map(); // username -> { el, timer }

  function send(presence) {
    client.sendPresence(pageId, presence).catch(() => {}); // best effort: presence is a courtesy
  }

  function moved(p) {
    if (!alive || p.x < 0 || p.y < 0 || p.x > PAGE_WIDTH || p.y > PAGE_HEIGHT) return;
    waiting = { editing: true, x: Math.round(p.x), y: Math.round(p.y) };
    const wait = lastSent + SEND_EVERY_MS - Date.now();
    if (wait <= 0) flush();
    else if (!timer) timer = setTimeout(flush, wait);
  }

  function flush() {
    timer = null;
    if (!waiting || !alive) return;
    lastSent = Date.now();
    send(waiting);
    waiting = null;
  }

  function hide(username) {
    const c = cursors.get(username);
    if (!c) return;
    clearTimeout(c.timer);
    c.el.remove();
    cursors.delete(username);
  }

  const off = client.onPresence((event) => {
    if (!client.sameId(event.pageId, pageId)) return;
    const username = event.profile.username;
    if (!event.editing || event.x == null || event.y == null) { hide(username); return; }
    let c = cursors.get(username);
    if (!c) {
      const el = h('span', { class: 'memories-cursor', dataset: { testid: 'memories-presence', username } },
        h('span', { class: 'memories-cursor-name' }, nameOf(event.profile)));
      layer.append(el);
      c = { el, timer: null };
      cursors.set(username, c);
    }
    c.el.style.left = `${(event.x / PAGE_WIDTH) * 100}%`;
    c.el.style.top = `${(event.y / PAGE_HEIGHT) * 100}%`;
    clearTimeout(c.timer);
    c.timer = setTimeout(() => hide(username), FADE_MS);
  });

  return {
    moved,
    stop() {
      alive = false;
      clearTimeout(timer);
      off();
      for (const username of [...cursors.keys()]) hide(username);
      send({ editing: false });
    },
  };
}
