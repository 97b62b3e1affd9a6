// The pieces of the chat screen: message bubbles (mine on the right, theirs on the left), the
// typing dots, and the composer. chat.js decides what to show; these only draw.
import { h, timeEl } from '../../dom.js';

export const MAX_LENGTH = 2000;

/**
 * A bubble; returns { el, append(text), settle(savedMessage), mark(note) }. A reply is created
 * empty and grows as deltas arrive; settle() swaps in the saved text, the source of truth.
 */
export function bubble({ role, text = '', id, createdAt, offline }, who) {
  const body = h('p', { class: 'date-an-intervention-msg-text' }, text);
  const meta = h('p', { class: 'date-an-intervention-msg-meta' });
  const el = h('li', { class: `date-an-intervention-msg date-an-intervention-msg-${role}`,
    dataset: { testid: 'dai-chat-message', role, id } },
    h('span', { class: 'sr-only' }, role === 'user' ? 'You: ' : `${who}: `), body, meta);
  // An offline answer is marked beside its time, never inside the character's words.
  const stamp = (iso, isOffline) => {
    meta.replaceChildren(iso ? timeEl(iso) : '', isOffline ? h('span', { class: 'date-an-intervention-msg-badge',
      title: 'No language model is connected: this answer comes from the profile.', dataset: { testid: 'dai-msg-offline' } },
    'Offline answer') : '');
    el.dataset.offline = isOffline ? 'true' : 'false';
  };
  if (createdAt) stamp(createdAt, offline);
  return {
    el,
    append(piece) { body.append(piece); },
    settle(message) {
      body.textContent = message.text;
      el.dataset.id = message.id;
      el.classList.remove('date-an-intervention-msg-pending', 'date-an-intervention-msg-failed');
      stamp(message.createdAt, message.offline);
    },
    /** "Sending…", "Not sent": a state shown under the bubble until it settles. */
    mark(note, state) {
      meta.textContent = note;
      el.classList.toggle('date-an-intervention-msg-pending', state === 'pending');
      el.classList.toggle('date-an-intervention-msg-failed', state === 'failed');
    },
  };
}

/** Three bouncing dots (still, when motion is reduced); read out as "… is typing". */
export function typingIndicator(who) {
  return h('li', { class: 'date-an-intervention-typing', dataset: { testid: 'dai-typing' } },
    h('span', { class: 'sr-only' }, `${who} is typing…`),
    h('span', { class: 'date-an-intervention-dot', 'aria-hidden': 'true' }),
    h('span', { class: 'date-an-intervention-dot', 'aria-hidden': 'true' }),
    h('span', { class: 'date-an-intervention-dot', 'aria-hidden': 'true' }));
}

/** The composer: Enter sends, Shift+Enter is a new line. onSend(text) is called with the trimmed text. */
export function composer(onSend) {
  const input = h('textarea', { id: 'date-an-intervention-chat-input', class: 'date-an-intervention-input', rows: '1',
    maxlength: String(MAX_LENGTH), dataset: { testid: 'dai-chat-input' },
    'aria-describedby': 'date-an-intervention-chat-hint date-an-intervention-chat-counter', autocomplete: 'off', enterkeyhint: 'send' });
  const label = h('label', { for: 'date-an-intervention-chat-input', class: 'sr-only' }, 'Message');
  const send = h('button', { type: 'submit', class: 'btn btn-primary date-an-intervention-send', dataset: { testid: 'dai-chat-send' } },
    'Send');
  const counter = h('p', { class: 'counter', id: 'date-an-intervention-chat-counter', 'aria-live': 'polite' });
  const hint = h('p', { class: 'hint sr-only', id: 'date-an-intervention-chat-hint' }, 'Enter sends; Shift+Enter starts a new line.');
  const form = h('form', { class: 'date-an-intervention-composer', novalidate: true, 'aria-label': 'Write a message' },
    label, h('div', { class: 'date-an-intervention-composer-row' }, input, send), counter, hint);

  const count = () => {
    const n = input.value.length;
    // Quiet until it matters: a counter on every keystroke would be noise for screen readers.
    counter.textContent = n > MAX_LENGTH * 0.9 ? `${n} of ${MAX_LENGTH} characters` : '';
    counter.classList.toggle('counter-near', n > MAX_LENGTH * 0.9);
  };
  const submit = () => {
    const text = input.value.trim();
    if (!text || input.disabled) return;
    onSend(text);
  };
  input.addEventListener('input', count);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  form.addEventListener('submit', (e) => { e.preventDefault(); submit(); });

  return {
    form,
    input,
    setLabel(text) { label.textContent = text; },
    setEnabled(on) { input.disabled = !on; send.disabled = !on; },
    clear() { input.value = ''; count(); },
    restore(text) { input.value = text; count(); },
  };
}
