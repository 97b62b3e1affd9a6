// A new circle: a name, an emoji if wanted, a colour (or Rin picks the least used), and the
// template its policy starts from; Restricted, which opens least, unless chosen otherwise.
import { h, uid } from '../../dom.js';
import { clearErrors, field, formAlert, setPending, showApiError } from '../../forms.js';
import { withProfile } from './acting.js';
import { actingNote } from './acting-note.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { colourPicker } from './palette.js';
import { TEMPLATES } from './words.js';

/** The template choice as radio cards; value() is permissive | moderate | restricted. */
export function templatePicker(chosen = 'restricted') {
  const group = uid('rin-template');
  let value = chosen;
  const el = h('fieldset', { class: 'rin-choices' }, h('legend', {}, 'Starts from'),
    ['permissive', 'moderate', 'restricted'].map((t) => {
      const id = `${group}-${t}`;
      const input = h('input', { type: 'radio', name: group, id, value: t, checked: t === chosen, dataset: { testid: 'rin-circle-template' } });
      input.addEventListener('change', () => { value = t; });
      return h('div', { class: 'rin-choice' }, input,
        h('label', { for: id }, h('strong', {}, TEMPLATES[t].name), h('span', { class: 'muted' }, TEMPLATES[t].help)));
    }));
  return { el, value: () => value };
}

export function render(root, { navigate, flash }) {
  let alive = true;
  const fields = {
    name: field({ name: 'name', label: 'Name', testid: 'rin-circle-name-input', maxlength: '120', autocomplete: 'off',
      hint: 'Up to 30 characters.' }),
    emoji: field({ name: 'emoji', label: 'Emoji (optional)', testid: 'rin-circle-emoji-input', maxlength: '16', autocomplete: 'off',
      hint: 'One emoji, like 🧗.' }),
  };
  const colour = colourPicker({ allowNone: true, testid: 'rin-circle-colour' });
  const template = templatePicker();
  const alert = formAlert('rin-circle-form-error');
  const save = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'rin-circle-create' } }, 'Make circle');
  const form = h('form', { class: 'rin-form card', novalidate: true, dataset: { testid: 'rin-circle-form' } },
    alert.el, fields.name.wrap, fields.emoji.wrap, colour.el, template.el,
    h('p', { class: 'hint' }, 'You can change any field of it afterwards in Who sees what.'),
    h('div', { class: 'actions' }, save, h('a', { class: 'btn btn-quiet', href: '#/rin/circles' }, 'Cancel')));
  root.append(h('a', { class: 'rin-back', href: '#/rin/circles' }, icon('back'), 'Circles'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'New circle'), actingNote(), form);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(fields, alert);
    const name = fields.name.input.value.trim();
    if (!name) { fields.name.setError('Give the circle a name.'); fields.name.input.focus(); return; }
    const emoji = fields.emoji.input.value.trim();
    const draft = { name, template: template.value(), ...(emoji ? { emoji } : {}), ...(colour.value() ? { color: colour.value() } : {}) };
    setPending(form, save, true, 'Making…');
    try {
      const circle = await withProfile((pid) => client.createCircle(pid, draft));
      flash(`${circle.name} is ready. Add people to it.`, 'success', 'rin-flash');
      navigate(`/rin/circles/${encodeURIComponent(circle.id)}`);
    } catch (err) {
      if (alive) showApiError(err, fields, alert);
    } finally {
      if (alive) setPending(form, save, false);
    }
  });
  queueMicrotask(() => { if (alive && !matchMedia('(pointer: coarse)').matches) fields.name.input.focus(); });
  return () => { alive = false; };
}
