// A post's caption: shown after the author's name, cut short with "more" when long, marked
// "Edited" once changed; and the author's inline editor for it (2,200 characters, counted).
import { h, uid } from '../../dom.js';
import { formAlert, setPending } from '../../forms.js';
import * as client from './client.js';
import { profileHref } from './person.js';

const SHORT_CHARS = 125;
const SHORT_LINES = 2;

function shortened(text) {
  const lines = text.split('\n');
  let cut = lines.length > SHORT_LINES ? lines.slice(0, SHORT_LINES).join('\n') : text;
  if ([...cut].length > SHORT_CHARS) cut = [...cut].slice(0, SHORT_CHARS).join('').replace(/\s+\S*$/, '');
  return cut.length < text.length ? `${cut.trimEnd()}…` : null;
}

/** The caption paragraph (null when there is no caption and it was never edited). */
export function captionView(post) {
  const text = post.caption || '';
  const edited = post.editedAt
    ? h('span', { class: 'kinnect-edited muted', title: new Date(post.editedAt).toLocaleString(), dataset: { testid: 'kinnect-edited' } }, 'Edited')
    : null;
  if (!text && !edited) return null;
  const short = shortened(text);
  const body = h('span', { class: 'kinnect-caption-text', dataset: { testid: 'kinnect-caption-text' } }, short ?? text);
  const more = short ? h('button', { type: 'button', class: 'kinnect-more linklike', dataset: { testid: 'kinnect-caption-more' },
    'aria-label': 'Show the whole caption' }, 'more') : null;
  more?.addEventListener('click', () => {
    body.textContent = text;
    more.remove();
    body.focus?.();
  });
  return h('p', { class: 'kinnect-caption', dataset: { testid: 'kinnect-caption' } },
    h('a', { class: 'kinnect-caption-author', href: profileHref(post.author.username) }, post.author.username), ' ',
    body, more ? ' ' : null, more, edited ? ' ' : null, edited);
}

/**
 * A textarea with a live "n / max" counter: { wrap, input, counter, update() }. `label` is its
 * accessible name (visually hidden when `hideLabel`).
 */
export function counterField({ label, max, value = '', testid, rows = 3, hideLabel = false, placeholder }) {
  const input = h('textarea', { id: uid('kinnect-text'), rows: String(rows), maxlength: String(max), value, placeholder,
    dataset: { testid } });
  const counter = h('span', { class: 'counter kinnect-counter-text', id: uid('kinnect-count'), 'aria-live': 'polite',
    dataset: { testid: `${testid}-counter` } });
  input.setAttribute('aria-describedby', counter.id);
  const update = () => {
    const n = [...input.value].length;
    counter.textContent = `${n.toLocaleString()} / ${max.toLocaleString()}`;
    counter.classList.toggle('counter-near', n > max - 100);
  };
  input.addEventListener('input', update);
  update();
  const wrap = h('div', { class: 'field kinnect-counter-field' },
    h('label', { for: input.id, class: hideLabel ? 'sr-only' : null }, label), input, counter);
  return { wrap, input, counter, update };
}

/** The author's editor; onSaved(post) with the server's post, onCancel(). */
export function captionEditor(post, { onSaved, onCancel }) {
  const field = counterField({ label: 'Caption', max: client.CAPTION_MAX, value: post.caption || '', testid: 'kinnect-caption-input', rows: 4 });
  const alert = formAlert('kinnect-caption-error');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'kinnect-caption-save' } }, 'Save');
  const cancel = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'kinnect-caption-cancel' } }, 'Cancel');
  const form = h('form', { class: 'kinnect-caption-editor', novalidate: true, dataset: { testid: 'kinnect-caption-editor' } },
    field.wrap, alert.el, h('div', { class: 'actions' }, save, cancel));
  cancel.addEventListener('click', () => onCancel());
  form.addEventListener('keydown', (event) => { if (event.key === 'Escape') { event.preventDefault(); onCancel(); } });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.clear();
    field.input.removeAttribute('aria-invalid');
    setPending(form, save, true, 'Saving…');
    try {
      onSaved(await client.editCaption(post.id, field.input.value));
    } catch (err) {
      setPending(form, save, false);
      if (err.fieldErrors?.caption) field.input.setAttribute('aria-invalid', 'true');
      alert.show(err.fieldErrors?.caption || err.detail || err.message);
      field.input.focus();
    }
  });
  queueMicrotask(() => { field.input.focus(); field.input.setSelectionRange(field.input.value.length, field.input.value.length); });
  return form;
}
