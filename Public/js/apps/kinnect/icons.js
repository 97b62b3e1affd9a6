// Kinnect's glyphs: 24x24 SVG line icons stroked with currentColor, so they follow the theme and
// forced colours. Always decorative (aria-hidden): the control around one carries the label.
import { s } from '../../dom.js';

const SHAPES = {
  home: [['path', { d: 'M3.5 10.5 12 3.5l8.5 7V20a.5.5 0 0 1-.5.5h-5v-6h-6v6H4a.5.5 0 0 1-.5-.5z' }]],
  search: [['circle', { cx: '10.5', cy: '10.5', r: '6.5' }], ['path', { d: 'm15.5 15.5 5 5' }]],
  add: [['rect', { x: '3.5', y: '3.5', width: '17', height: '17', rx: '4.5' }], ['path', { d: 'M12 8v8M8 12h8' }]],
  heart: [['path', { d: 'M12 20.2s-8-4.9-8-10.6A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8 2.6c0 5.7-8 10.6-8 10.6z' }]],
  person: [['circle', { cx: '12', cy: '8', r: '4' }], ['path', { d: 'M4 20.5c1.2-3.6 4.3-5.5 8-5.5s6.8 1.9 8 5.5' }]],
  comment: [['path', { d: 'M20.5 11.5a8.5 8.5 0 0 1-12.6 7.4L3.5 20.5l1.6-4.3A8.5 8.5 0 1 1 20.5 11.5z' }]],
  bookmark: [['path', { d: 'M6 3.5h12v17l-6-5.2-6 5.2z' }]],
  more: [['circle', { cx: '5.5', cy: '12', r: '1.3' }], ['circle', { cx: '12', cy: '12', r: '1.3' }], ['circle', { cx: '18.5', cy: '12', r: '1.3' }]],
  play: [['path', { d: 'M8 5.5v13l10.5-6.5z' }]],
  stack: [['rect', { x: '7.5', y: '7.5', width: '13', height: '13', rx: '2.5' }], ['path', { d: 'M16.5 4.5h-10a2 2 0 0 0-2 2v10' }]],
  lock: [['rect', { x: '5', y: '10.5', width: '14', height: '10', rx: '2' }], ['path', { d: 'M8 10.5V7.5a4 4 0 0 1 8 0v3' }]],
  prev: [['path', { d: 'm14.5 6-6 6 6 6' }]],
  next: [['path', { d: 'm9.5 6 6 6-6 6' }]],
  close: [['path', { d: 'm6 6 12 12M18 6 6 18' }]],
  refresh: [['path', { d: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4' }]],
  up: [['path', { d: 'm6 14.5 6-6 6 6' }]],
  down: [['path', { d: 'm6 9.5 6 6 6-6' }]],
  camera: [['path', { d: 'M4 7.5h3.5L9 5h6l1.5 2.5H20a.5.5 0 0 1 .5.5v11a.5.5 0 0 1-.5.5H4a.5.5 0 0 1-.5-.5V8a.5.5 0 0 1 .5-.5z' }],
    ['circle', { cx: '12', cy: '13', r: '3.5' }]],
};

/** icon('heart', { filled: true }) -> <svg class="kinnect-icon">; `filled` fills the shape too. */
export function icon(name, { filled = false, className = '' } = {}) {
  return s('svg', {
    class: `kinnect-icon ${filled ? 'kinnect-icon-filled' : ''} ${className}`.trim(),
    viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false',
  }, SHAPES[name].map(([tag, attrs]) => s(tag, attrs)));
}
