// Text in its frame box: system fonts only (no web fonts, no requests), wrapped to the frame's
// width. Lines are broken by measuring at the text's own size in page units, never at the
// screen's scale, so a phone, a desktop and print break every line in the same place.
import { parseColor, rgba } from './render-ink.js';

export const FONT_STACKS = {
  serif: 'Georgia, "Times New Roman", "Noto Serif", "DejaVu Serif", serif',
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif',
  hand: '"Segoe Print", "Bradley Hand", "Chalkboard SE", "Comic Sans MS", "Comic Neue", cursive',
  mono: 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace',
};
export const LINE_HEIGHT = 1.3;

export const fontFor = (element) => `${element.size}px ${FONT_STACKS[element.font] || FONT_STACKS.serif}`;

let measurer = null;
function measure() {
  measurer ||= document.createElement('canvas').getContext('2d');
  return measurer;
}

const cache = new Map(); // `${font}|${width}|${text}` -> lines, for pages drawn again and again
const CACHE_MAX = 500;

/** The text's lines as drawn in a frame `width` page units wide: [{ text, width }]. */
export function wrapText(element, width) {
  const font = fontFor(element);
  const key = `${font}|${width}|${element.text}`;
  if (cache.has(key)) return cache.get(key);
  const ctx = measure();
  ctx.font = font;
  const lines = [];
  const w = (s) => ctx.measureText(s).width;
  for (const paragraph of String(element.text).replace(/\t/g, '    ').split('\n')) {
    const words = paragraph.split(/(\s+)/).filter((s) => s !== '');
    let line = '';
    for (const word of words) {
      const next = line + word;
      if (!line || w(next) <= width) {
        line = next;
      } else if (/^\s+$/.test(word)) {
        lines.push(line); // the space that would start the next line is where it breaks
        line = '';
      } else {
        lines.push(line.trimEnd());
        line = word;
      }
      // A word wider than the frame breaks between characters.
      while (w(line) > width && [...line].length > 1) {
        const chars = [...line];
        let fit = 1;
        while (fit < chars.length && w(chars.slice(0, fit + 1).join('')) <= width) fit += 1;
        lines.push(chars.slice(0, fit).join(''));
        line = chars.slice(fit).join('');
      }
    }
    lines.push(line.trimEnd());
  }
  const measured = lines.map((text) => ({ text, width: w(text) }));
  if (cache.size > CACHE_MAX) cache.clear();
  cache.set(key, measured);
  return measured;
}

export function drawText(ctx, element, w) {
  const lines = wrapText(element, w);
  const lineHeight = element.size * LINE_HEIGHT;
  ctx.font = fontFor(element);
  ctx.fillStyle = rgba(parseColor(element.color));
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  lines.forEach((line, i) => {
    const x = element.align === 'center' ? (w - line.width) / 2 : element.align === 'right' ? w - line.width : 0;
    ctx.fillText(line.text, x, i * lineHeight + lineHeight / 2);
  });
}
