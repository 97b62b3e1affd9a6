// Chat with a match, in character. My message shows at once; the reply streams in (typing dots
// until the first words, then text that grows) and is saved by the server when complete.
// Nothing is lost on failure: my message stays, and Retry either asks for the reply again
// (POST …/retry, after an `error` event or when the chat was left awaiting a reply) or resends
// my message with the same clientMessageId (after a failed request or a dropped connection, when
// it may or may not have arrived), which the server never saves twice. Nothing waits forever:
// api.stream gives up on a silent connection, and every failure offers Retry and Cancel.
import { h } from '../../dom.js';
import { newId } from '../../device.js';
import * as client from './client.js';
import { bubble, composer, typingIndicator } from './chat-view.js';
import { emojiBadge, paintGradient, profileHref } from './intervention-view.js';

const OFFLINE_NOTE = 'No language model is connected, so its answers come from its profile.';

export function render(root, { params }) {
  const id = params.id;
  let alive = true;
  let name = 'Your match';
  let streaming = false;
  let canMessage = false; // only matches can be messaged; old chats stay readable after a reset
  let controller = null; // aborts the stream when leaving the screen
  let failure = null; // { detail, retry: () => stream, retryAfter? }
  let countdown = null;
  let retryWait = 0; // seconds left before Retry may be pressed

  const heading = h('h1', { tabindex: '-1', class: 'date-an-intervention-chat-name' }, 'Chat');
  const badgeSlot = h('span', { class: 'date-an-intervention-chat-badge' });
  const profileLink = h('a', { class: 'btn btn-quiet', href: profileHref(id), dataset: { testid: 'dai-chat-profile' } }, 'Profile');
  const offlineBadge = h('span', { class: 'date-an-intervention-offline-badge', hidden: true, title: OFFLINE_NOTE,
    'aria-describedby': 'date-an-intervention-offline-note', dataset: { testid: 'dai-offline-badge' } }, 'Offline');
  const offlineNote = h('p', { class: 'date-an-intervention-offline-note muted', id: 'date-an-intervention-offline-note', hidden: true },
    OFFLINE_NOTE);
  const head = h('header', { class: 'date-an-intervention-chat-head' }, badgeSlot,
    h('div', { class: 'date-an-intervention-chat-title' }, heading, offlineBadge), profileLink);
  const list = h('ol', { class: 'date-an-intervention-messages', role: 'log', 'aria-live': 'polite', 'aria-label': 'Messages',
    dataset: { testid: 'dai-messages' } });
  const empty = h('p', { class: 'date-an-intervention-chat-empty muted', hidden: true },
    'Say hello! Ask about its risks, its benefits, how it works or how ready it is.');
  const failureText = h('p', { class: 'date-an-intervention-failure-text', dataset: { testid: 'dai-chat-error' } });
  const retryButton = h('button', { type: 'button', class: 'btn', dataset: { testid: 'dai-retry' } }, 'Retry');
  const cancelButton = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'dai-cancel' } }, 'Cancel');
  const failureBox = h('div', { class: 'date-an-intervention-failure', role: 'alert', hidden: true, dataset: { testid: 'dai-failure' } },
    failureText, h('div', { class: 'date-an-intervention-failure-actions' }, retryButton, cancelButton));
  const notice = h('p', { class: 'notice', hidden: true, dataset: { testid: 'dai-chat-notice' } });
  const typing = typingIndicator(name);
  const box = composer(send);
  box.setEnabled(false);
  root.append(head, offlineNote, notice, empty, list, failureBox, box.form);

  const nearBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 160;
  const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  /** Follow the conversation down, unless the person scrolled up to read. */
  function follow(wasNear) {
    if (wasNear) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: reduced() ? 'auto' : 'smooth' });
  }
  function add(node) {
    const wasNear = nearBottom();
    list.append(node);
    empty.hidden = true;
    follow(wasNear);
  }

  function setFailure(next) {
    failure = next;
    clearInterval(countdown);
    failureBox.hidden = !failure;
    if (!failure) return;
    failureText.textContent = failure.detail;
    retryButton.hidden = !failure.retry;
    cancelButton.hidden = !failure.retry; // with nothing to retry, there is nothing to cancel
    // After a 429, Retry waits out Retry-After, counting down so the wait is visible.
    retryWait = failure.retryAfter || 0;
    const tick = () => {
      retryButton.textContent = retryWait > 0 ? `Retry in ${retryWait} s` : 'Retry';
      syncRetry();
      if (retryWait <= 0) clearInterval(countdown);
      retryWait -= 1;
    };
    tick();
    if (retryWait >= 0) countdown = setInterval(tick, 1000);
  }

  function syncRetry() {
    retryButton.disabled = streaming || retryWait > 0;
    cancelButton.disabled = streaming;
  }

  function setStreaming(on) {
    streaming = on;
    list.setAttribute('aria-busy', String(on)); // one announcement of the finished reply, not every word
    box.setEnabled(!on && canMessage);
    syncRetry();
  }

  /**
   * Read one reply stream. `mine` is my bubble when this stream carries my message. Returns how it
   * ended: 'reply', 'error' (the model failed; my message is saved) or throws the request's ApiError.
   */
  async function readReply(events, mine) {
    let reply = null;
    let saved = false;
    try {
      for await (const event of events) {
        if (event.type === 'message') {
          saved = true;
          mine?.settle(event.message);
        } else if (event.type === 'delta') {
          typing.remove();
          if (!reply) { reply = bubble({ role: 'assistant' }, name); reply.mark('', 'pending'); add(reply.el); }
          const wasNear = nearBottom();
          reply.append(event.text);
          follow(wasNear);
        } else if (event.type === 'reply') {
          typing.remove();
          if (!reply) { reply = bubble({ role: 'assistant' }, name); add(reply.el); }
          reply.settle(event.message);
          return { ended: 'reply', saved: true };
        } else if (event.type === 'error') {
          reply?.el.remove(); // half a reply was never saved: don't pretend it was
          return { ended: 'error', saved: true, problem: event.problem };
        }
      }
      reply?.el.remove();
      return { ended: 'cut', saved }; // the connection ended without a last event
    } catch (err) {
      reply?.el.remove();
      err.saved = saved;
      throw err;
    }
  }

  /** Run a send or a retry, and turn however it ends into what the screen shows. */
  async function run(start, { mine, text, clientMessageId } = {}) {
    const hadFocus = document.activeElement === box.input;
    setFailure(null);
    setStreaming(true);
    controller = new AbortController();
    add(typing);
    const resend = mine ? () => {
      mine.mark('Sending…', 'pending');
      return run((signal) => client.sendMessage(id, text, clientMessageId, { signal }), { mine, text, clientMessageId });
    } : null;
    const again = () => run((signal) => client.retryReply(id, { signal }));
    const cancel = mine ? () => giveUp(mine, text) : null;
    try {
      const outcome = await readReply(start(controller.signal), mine);
      if (outcome.ended === 'error') {
        setFailure({ detail: outcome.problem?.detail || outcome.problem?.title || `${name} could not answer.`, retry: again });
      } else if (outcome.ended === 'cut') {
        // Resending with the same id is safe either way: the server answers with the reply if it
        // finished meanwhile, or asks again.
        setFailure({ detail: 'The connection dropped before the reply arrived.', retry: resend || again, cancel });
      }
    } catch (err) {
      if (err.name === 'AbortError' || !alive) return;
      if (mine && !err.saved && (err.status === 422 || err.status === 409)) {
        // Refused outright (too long, not a match): nothing was saved, so give the text back.
        mine.el.remove();
        empty.hidden = list.children.length > 0;
        box.restore(text);
        setFailure({ detail: err.detail || err.message });
      } else if (!mine && err.status === 409) {
        load(); // nothing left to retry: the reply was saved after all
      } else {
        if (mine && !err.saved) mine.mark('Not sent yet', 'failed');
        // My message may or may not have been saved: a resend with its id is right either way.
        // A timeout lands here too (api.stream gave up on a silent server): Retry or Cancel.
        setFailure({ detail: err.detail || err.message, retry: resend || again, cancel,
          retryAfter: err.status === 429 ? err.retryAfter : 0 });
      }
    } finally {
      typing.remove();
      if (alive) {
        setStreaming(false);
        if (hadFocus || document.activeElement === document.body) box.input.focus({ preventScroll: true });
      }
    }
  }

  /**
   * Cancel after a failed send: stop trying. A message the server never confirmed goes back into
   * the composer, so nothing typed is lost and it can be edited or sent later; a saved one stays
   * where it is, awaiting the reply that Retry can ask for on a later visit.
   */
  function giveUp(mine, text) {
    if (!mine.el.dataset.id) {
      mine.el.remove();
      empty.hidden = list.children.length > 0;
      if (!box.input.value.trim()) box.restore(text);
    }
  }

  function send(text) {
    if (streaming) return;
    const clientMessageId = newId();
    const mine = bubble({ role: 'user', text }, name);
    mine.mark('Sending…', 'pending');
    add(mine.el);
    box.clear();
    run((signal) => client.sendMessage(id, text, clientMessageId, { signal }), { mine, text, clientMessageId });
  }

  retryButton.addEventListener('click', () => {
    if (failure?.retry && !streaming) failure.retry();
  });
  cancelButton.addEventListener('click', () => {
    if (streaming) return;
    failure?.cancel?.();
    setFailure(null);
    box.input.focus();
  });

  async function load() {
    try {
      const [chat, detail] = await Promise.all([client.getChat(id), client.getIntervention(id)]);
      if (!alive) return;
      const it = chat.intervention;
      name = it.name;
      heading.textContent = it.name;
      document.title = `Chat with ${it.name} · Date An Intervention · Kindred`;
      badgeSlot.replaceChildren(emojiBadge(it, 'md'));
      paintGradient(head, it);
      typing.querySelector('.sr-only').textContent = `${it.name} is typing…`;
      offlineBadge.hidden = !chat.provider.offline;
      offlineNote.hidden = !chat.provider.offline;
      box.setLabel(`Message to ${it.name}`);
      list.replaceChildren(...chat.messages.map((m) => bubble(m, it.name).el));
      empty.hidden = chat.messages.length > 0;
      canMessage = client.isMatch(detail.swipe);
      notice.hidden = canMessage;
      notice.replaceChildren(`Match with ${it.name} before messaging it: like it on its `,
        h('a', { href: profileHref(it.id) }, 'profile'), ' or on Discover.');
      setFailure(chat.awaitingReply && canMessage
        ? { detail: `${it.name} hasn’t answered your last message yet.`, retry: () => run((signal) => client.retryReply(id, { signal })) }
        : null);
      setStreaming(false);
      follow(true);
    } catch (err) {
      if (!alive) return;
      heading.textContent = err.status === 404 ? 'Chat not found' : 'Chat';
      setFailure({ detail: err.status === 404 ? 'There is no intervention with this address.' : err.detail || err.message,
        retry: err.status === 404 ? null : load });
    }
  }

  load();
  return () => {
    alive = false;
    clearInterval(countdown);
    controller?.abort(); // the server still saves the reply; it is there next time
  };
}
