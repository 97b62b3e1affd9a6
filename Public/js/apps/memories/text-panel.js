// Editing the selected text: its words, font, size, colour and alignment. Every keystroke shows
// on the page at once; typing into one text is one step for undo.
import { h, uid } from '../../dom.js';
import { FONTS } from './canvas-model.js';

const FONT_NAMES = { serif: 'Serif', sans: 'Sans serif', hand: 'Handwriting', mono: 'Typewriter' };
const ALIGN_NAMES = { left: 'Left', center: 'Centre', right: 'Right' };

/** createTextPanel({ onChange(changes, mergeKey) }) -> { el, show(element|null), focus() }. */
export function createTextPanel({ onChange }) {
  const id = uid('memories-text');
  const text = h('textarea', { id, class: 'memories-text-input', rows: '3', maxlength: '5000', dataset: { testid: 'memories-text-input' } });
  const font = h('select', { 'aria-label': 'Font', dataset: { testid: 'memories-text-font' } },
    FONTS.map((f) => h('option', { value: f }, FONT_NAMES[f])));
  const size = h('input', { type: 'number', min: '6', max: '400', step: '2', 'aria-label': 'Size', class: 'memories-text-size',
    dataset: { testid: 'memories-text-size' } });
  const color = h('input', { type: 'color', 'aria-label': 'Text colour', dataset: { testid: 'memories-text-color' } });
  const aligns = Object.entries(ALIGN_NAMES).map(([value, name]) => {
    const b = h('button', { type: 'button', class: 'memories-tool memories-align', 'aria-pressed': 'false', dataset: { align: value, testid: `memories-align-${value}` } }, name);
    b.addEventListener('click', () => onChange({ align: value }));
    return b;
  });
  const el = h('div', { class: 'memories-text-panel', hidden: true, dataset: { testid: 'memories-text-panel' } },
    h('label', { for: id }, 'Text'), text,
    h('div', { class: 'memories-text-row' }, font, size, color, h('div', { class: 'memories-aligns', role: 'group', 'aria-label': 'Alignment' }, aligns)));
  let current = null;

  text.addEventListener('input', () => { if (current) onChange({ text: text.value.replace(/\r/g, '') }, `text:${current.id}`); });
  font.addEventListener('change', () => onChange({ font: font.value }));
  size.addEventListener('change', () => {
    const v = Number(size.value);
    if (Number.isFinite(v)) onChange({ size: Math.max(6, Math.min(400, v)) });
  });
  color.addEventListener('change', () => onChange({ color: color.value }));

  return {
    el,
    show(element) {
      const fresh = element?.id !== current?.id;
      current = element;
      el.hidden = !element;
      if (!element) return;
      if (fresh || document.activeElement !== text) text.value = element.text;
      font.value = element.font;
      if (document.activeElement !== size) size.value = String(element.size);
      color.value = element.color.slice(0, 7);
      aligns.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.align === element.align)));
    },
    focus({ selectAll = false } = {}) {
      text.focus();
      if (selectAll) text.select();
    },
  };
}
