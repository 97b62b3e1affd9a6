// Memories' glyphs: 24x24 SVG line icons stroked with currentColor, so they follow the theme and
// forced colours. Always decorative (aria-hidden): the control around one carries the label.
import { s } from '../../dom.js';

const SHAPES = {
  pen: [['path', { d: 'M4 20l1.2-4.6L16.6 4a2 2 0 0 1 2.8 0l.6.6a2 2 0 0 1 0 2.8L8.6 18.8z' }], ['path', { d: 'M14.5 6l3.5 3.5' }]],
  marker: [['path', { d: 'M6 14l8.5-8.5a2 2 0 0 1 2.8 0l1.2 1.2a2 2 0 0 1 0 2.8L10 18z' }], ['path', { d: 'M6 14l-2 6 6-2M4 21h8' }]],
  eraser: [['path', { d: 'M8.5 19.5l-4-4a1.5 1.5 0 0 1 0-2.1l8.9-8.9a1.5 1.5 0 0 1 2.1 0l4 4a1.5 1.5 0 0 1 0 2.1l-7.9 7.9z' }],
    ['path', { d: 'M8.5 19.5H20M9 9.5l5.5 5.5' }]],
  select: [['path', { d: 'M5 4l13 6.5-5.6 1.6 3.6 6.4-2.4 1.3-3.6-6.3L5.6 17.5z' }]],
  text: [['path', { d: 'M5 6.5V5h14v1.5M12 5v14M9 19h6' }]],
  photo: [['rect', { x: '3.5', y: '5', width: '17', height: '14', rx: '2' }], ['path', { d: 'M3.5 16l5-5 4 4 3-3 5 5' }],
    ['circle', { cx: '15.5', cy: '9.5', r: '1.5' }]],
  undo: [['path', { d: 'M9 14L4.5 9.5 9 5' }], ['path', { d: 'M4.5 9.5h10a5 5 0 0 1 0 10H10' }]],
  redo: [['path', { d: 'M15 14l4.5-4.5L15 5' }], ['path', { d: 'M19.5 9.5h-10a5 5 0 0 0 0 10H14' }]],
  trash: [['path', { d: 'M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13' }]],
  prev: [['path', { d: 'm14.5 6-6 6 6 6' }]],
  next: [['path', { d: 'm9.5 6 6 6-6 6' }]],
  print: [['path', { d: 'M7 9V3.5h10V9' }], ['rect', { x: '3.5', y: '9', width: '17', height: '8', rx: '2' }],
    ['path', { d: 'M7 14h10v6.5H7z' }]],
  close: [['path', { d: 'm6 6 12 12M18 6 6 18' }]],
  edit: [['path', { d: 'M4 20h4L19.5 8.5a2.1 2.1 0 0 0-3-3L5 17z' }]],
  letter: [['rect', { x: '3', y: '5.5', width: '18', height: '13', rx: '1.5' }], ['path', { d: 'M3.5 6.5 12 13l8.5-6.5' }]],
  star: [['path', { d: 'M12 3.8l2.5 5.1 5.6.8-4 3.9 1 5.6-5.1-2.7-5 2.7 1-5.6-4.1-3.9 5.6-.8z' }]],
  book: [['path', { d: 'M4.5 5.5A2 2 0 0 1 6.5 3.5H19.5V17H6.5a2 2 0 0 0-2 2z' }], ['path', { d: 'M4.5 19a2 2 0 0 0 2 2h13v-4' }]],
  plus: [['path', { d: 'M12 5v14M5 12h14' }]],
  people: [['circle', { cx: '9', cy: '8', r: '3.5' }], ['path', { d: 'M2.5 20c.8-3.4 3.3-5.5 6.5-5.5s5.7 2.1 6.5 5.5' }],
    ['path', { d: 'M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.8 3 2.6 3.5 5.2' }]],
  bell: [['path', { d: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z' }], ['path', { d: 'M10 20.5a2 2 0 0 0 4 0' }]],
};

/** icon('pen') -> <svg class="memories-icon">. */
export function icon(name, { className = '' } = {}) {
  return s('svg', {
    class: `memories-icon ${className}`.trim(), viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false',
  }, SHAPES[name].map(([tag, attrs]) => s(tag, attrs)));
}
