// The colour picker of a circle: Rin's twelve palette colours as radio buttons, each named for
// screen readers and people who don't tell colours apart, and (for a new circle) "Pick for me".
import { h, uid } from '../../dom.js';
import { PALETTE } from './words.js';

/**
 * colourPicker({ value, allowNone }) -> { el, value() }: value() is a palette colour, or null
 * for "Pick for me" (the server then takes the palette's least used colour).
 */
export function colourPicker({ value = null, allowNone = false, testid = 'rin-colour' } = {}) {
  const group = uid('rin-colour');
  let chosen = value;
  const option = (colour, name, i) => {
    const input = h('input', { type: 'radio', name: group, value: colour || '', id: `${group}-${i}`, class: 'rin-swatch-input',
      checked: (colour || null) === (chosen || null), dataset: { testid } });
    input.addEventListener('change', () => { chosen = colour; });
    const swatch = h('label', { for: `${group}-${i}`, class: `rin-swatch${colour ? '' : ' rin-swatch-auto'}`, title: name },
      colour ? h('span', { class: 'sr-only' }, name) : 'Pick for me');
    if (colour) swatch.style.setProperty('--rin-circle', colour);
    return [input, swatch];
  };
  const el = h('fieldset', { class: 'rin-swatches' },
    h('legend', {}, 'Colour'),
    allowNone ? option(null, 'Pick for me', 'auto') : null,
    PALETTE.map(([colour, name], i) => option(colour, name, i)));
  return { el, value: () => chosen };
}
