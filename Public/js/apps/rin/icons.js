// Rin's glyphs: 24x24 SVG line icons stroked with currentColor, so they follow the theme and
// forced colours. Always decorative (aria-hidden): the text or label beside one says what it is.
import { s } from '../../dom.js';

const SHAPES = {
  plus: [['path', { d: 'M12 5v14M5 12h14' }]],
  search: [['circle', { cx: '11', cy: '11', r: '6.5' }], ['path', { d: 'm16 16 4.5 4.5' }]],
  star: [['path', { d: 'M12 3.8l2.5 5.1 5.6.8-4 3.9 1 5.6-5.1-2.7-5 2.7 1-5.6-4.1-3.9 5.6-.8z' }]],
  phone: [['path', { d: 'M6.5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2z' }]],
  mail: [['rect', { x: '3', y: '5.5', width: '18', height: '13', rx: '1.5' }], ['path', { d: 'M3.5 6.5 12 13l8.5-6.5' }]],
  pin: [['path', { d: 'M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z' }], ['circle', { cx: '12', cy: '10', r: '2.3' }]],
  globe: [['circle', { cx: '12', cy: '12', r: '8.5' }], ['path', { d: 'M3.5 12h17M12 3.5c2.5 2.6 3.5 5.4 3.5 8.5s-1 5.9-3.5 8.5c-2.5-2.6-3.5-5.4-3.5-8.5s1-5.9 3.5-8.5z' }]],
  cake: [['path', { d: 'M4.5 20.5h15v-7a2 2 0 0 0-2-2h-11a2 2 0 0 0-2 2z' }], ['path', { d: 'M4.5 15.5c2.5 1.5 5 1.5 7.5 0s5-1.5 7.5 0M12 11.5V8' }],
    ['path', { d: 'M12 3.5c1 1.2 1 2.3 0 3-1-.7-1-1.8 0-3z' }]],
  at: [['circle', { cx: '12', cy: '12', r: '3.5' }], ['path', { d: 'M15.5 12v1.5a2.5 2.5 0 0 0 5 0V12a8.5 8.5 0 1 0-3.4 6.8' }]],
  link: [['path', { d: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1' }], ['path', { d: 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1' }]],
  lock: [['rect', { x: '5', y: '10.5', width: '14', height: '10', rx: '2' }], ['path', { d: 'M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5' }]],
  check: [['path', { d: 'm5 12.5 4.5 4.5L19 7.5' }]],
  cross: [['path', { d: 'm6.5 6.5 11 11M17.5 6.5l-11 11' }]],
  question: [['circle', { cx: '12', cy: '12', r: '8.5' }], ['path', { d: 'M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.7' }],
    ['path', { d: 'M12 16.8v.2' }]],
  download: [['path', { d: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14' }]],
  trash: [['path', { d: 'M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13' }]],
  edit: [['path', { d: 'M4 20h4L19.5 8.5a2.1 2.1 0 0 0-3-3L5 17z' }]],
  people: [['circle', { cx: '9', cy: '8', r: '3.5' }], ['path', { d: 'M2.5 20c.8-3.4 3.3-5.5 6.5-5.5s5.7 2.1 6.5 5.5' }],
    ['path', { d: 'M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.8 3 2.6 3.5 5.2' }]],
  book: [['rect', { x: '5', y: '3', width: '14', height: '18', rx: '2' }], ['circle', { cx: '12', cy: '10', r: '2.5' }],
    ['path', { d: 'M8.5 16.5c1-2 6-2 7 0' }]],
  eye: [['path', { d: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z' }], ['circle', { cx: '12', cy: '12', r: '3' }]],
  back: [['path', { d: 'm14.5 6-6 6 6 6' }]],
  next: [['path', { d: 'm9.5 6 6 6-6 6' }]],
  close: [['path', { d: 'm6 6 12 12M18 6 6 18' }]],
  note: [['path', { d: 'M6 3.5h9l3.5 3.5v13.5H6z' }], ['path', { d: 'M9 11h6M9 14.5h6M9 18h4' }]],
  grid: [['rect', { x: '3.5', y: '3.5', width: '17', height: '17', rx: '2' }], ['path', { d: 'M3.5 9.5h17M3.5 15h17M9.5 3.5v17' }]],
  circles: [['circle', { cx: '9', cy: '12', r: '5.5' }], ['circle', { cx: '15', cy: '12', r: '5.5' }]],
  upload: [['path', { d: 'M12 20V9M7.5 13.5 12 9l4.5 4.5M5 4.5h14' }]],
  merge: [['path', { d: 'M6 4v2.5A5.5 5.5 0 0 0 11.5 12h1A5.5 5.5 0 0 0 18 6.5V4M12 12v8' }], ['path', { d: 'm8.5 16.5 3.5 3.5 3.5-3.5' }]],
  undo: [['path', { d: 'M9 14 4.5 9.5 9 5' }], ['path', { d: 'M4.5 9.5h10a5 5 0 0 1 0 10H11' }]],
  key: [['circle', { cx: '8', cy: '15', r: '4' }], ['path', { d: 'm11 12 8.5-8.5M16.5 6.5l2.5 2.5M14.5 8.5l2 2' }]],
  warning: [['path', { d: 'M12 4 2.8 19.5h18.4z' }], ['path', { d: 'M12 10v4.5M12 17v.2' }]],
};

/** icon('star') -> <svg class="rin-icon">; `filled` fills the shape with the current colour. */
export function icon(name, { className = '', filled = false } = {}) {
  const classes = ['rin-icon', filled ? 'rin-icon-filled' : '', className].filter(Boolean).join(' ');
  return s('svg', { class: classes, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    SHAPES[name].map(([tag, attrs]) => s(tag, attrs)));
}
