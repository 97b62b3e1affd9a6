// The editor's tools: pen, pencil, marker, eraser, select and text; ink colours and widths; a
// photo; undo, redo and delete; and, for a letter, the paper. Toggle buttons say their state with
// aria-pressed, so the current tool is heard as well as seen.
import { h, uid } from '../../dom.js';
import { icon } from './icons.js';

export const COLORS = [
  ['#1b1b1f', 'Black'], ['#2a6f97', 'Blue'], ['#b23a48', 'Red'], ['#2f7d4a', 'Green'],
  ['#e0a526', 'Yellow'], ['#6a4c93', 'Purple'], ['#e36414', 'Orange'], ['#ffffff', 'White'],
];
export const WIDTHS = [[2, 'Fine'], [5, 'Medium'], [10, 'Bold'], [24, 'Broad']];
const TOOLS = [['pen', 'Pen', 'pen'], ['pencil', 'Pencil', 'edit'], ['marker', 'Marker', 'marker'], ['eraser', 'Eraser', 'eraser'],
  ['select', 'Select and move', 'select'], ['text', 'Text', 'text']];
const PAPERS = [['plain', 'Plain'], ['lined', 'Lined'], ['dotted', 'Dotted'], ['grid', 'Squared']];

function toggle(label, testid, content, onClick) {
  const b = h('button', { type: 'button', class: 'memories-tool', 'aria-pressed': 'false', 'aria-label': label, title: label,
    dataset: { testid } }, content);
  b.addEventListener('click', onClick);
  return b;
}

/**
 * createToolbar({ letter, onTool, onColor, onWidth, onPhoto(file), onUndo, onRedo, onDelete, onPaper })
 * -> { el, set({ tool, color, width, paper }), setHistory(canUndo, canRedo), setSelected(bool), photoProgress(f|null) }.
 */
export function createToolbar({ letter, onTool, onColor, onWidth, onPhoto, onUndo, onRedo, onDelete, onPaper }) {
  const tools = TOOLS.map(([id, label, glyph]) => toggle(label, `memories-tool-${id}`, icon(glyph), () => onTool(id)));
  tools.forEach((b, i) => { b.dataset.tool = TOOLS[i][0]; });
  const colors = COLORS.map(([value, name]) => {
    const b = toggle(`Ink: ${name}`, 'memories-color', h('span', { class: 'memories-color-dot' }), () => onColor(value));
    b.dataset.color = value;
    b.style.setProperty('--memories-ink', value);
    return b;
  });
  const custom = h('input', { type: 'color', class: 'memories-color-input', 'aria-label': 'Another colour', value: '#1b1b1f',
    dataset: { testid: 'memories-color-custom' } });
  custom.addEventListener('input', () => onColor(custom.value));
  const widths = WIDTHS.map(([value, name]) => {
    const b = toggle(`Width: ${name}`, `memories-width-${value}`, h('span', { class: `memories-width-dot memories-width-${value}` }), () => onWidth(value));
    b.dataset.width = String(value);
    return b;
  });
  const fileId = uid('memories-photo');
  const file = h('input', { type: 'file', id: fileId, accept: 'image/*', class: 'sr-only', dataset: { testid: 'memories-photo-input' } });
  file.addEventListener('change', () => { const picked = file.files[0]; file.value = ''; if (picked) onPhoto(picked); });
  const photo = h('label', { for: fileId, class: 'memories-tool memories-photo-label', title: 'Add a photo', dataset: { testid: 'memories-add-photo' } },
    icon('photo'), h('span', { class: 'sr-only' }, 'Add a photo'));
  const progress = h('progress', { class: 'memories-upload', max: '100', value: '0', hidden: true, 'aria-label': 'Photo upload',
    dataset: { testid: 'memories-upload-progress' } });
  const undo = toggle('Undo', 'memories-undo', icon('undo'), onUndo);
  const redo = toggle('Redo', 'memories-redo', icon('redo'), onRedo);
  const remove = toggle('Delete the selected item', 'memories-delete-selected', icon('trash'), onDelete);
  for (const b of [undo, redo, remove]) b.removeAttribute('aria-pressed');
  const paper = letter ? h('select', { class: 'memories-paper', 'aria-label': 'Paper', dataset: { testid: 'memories-paper' } },
    PAPERS.map(([value, name]) => h('option', { value }, name))) : null;
  paper?.addEventListener('change', () => onPaper(paper.value));

  const group = (label, ...items) => h('div', { class: 'memories-tool-group', role: 'group', 'aria-label': label }, items);
  const el = h('div', { class: 'memories-toolbar', role: 'toolbar', 'aria-label': 'Drawing tools', dataset: { testid: 'memories-toolbar' } },
    group('Tools', tools),
    group('Colour', colors, custom),
    group('Width', widths),
    group('Photo', file, photo, progress),
    group('Edit', undo, redo, remove),
    paper ? group('Paper', paper) : null);

  return {
    el,
    set({ tool, color, width, paper: p }) {
      tools.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.tool === tool)));
      colors.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.color === color)));
      if (!COLORS.some(([c]) => c === color) && color) custom.value = color.slice(0, 7);
      widths.forEach((b) => b.setAttribute('aria-pressed', String(Number(b.dataset.width) === width)));
      if (paper && p) paper.value = p;
    },
    setHistory(canUndo, canRedo) { undo.disabled = !canUndo; redo.disabled = !canRedo; },
    setSelected(any) { remove.disabled = !any; },
    /** f: 0..1 while uploading, null when done. */
    photoProgress(f) {
      progress.hidden = f == null;
      if (f != null) progress.value = Math.round(f * 100);
    },
  };
}
