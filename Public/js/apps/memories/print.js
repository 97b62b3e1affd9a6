// Print a book, or save it as a PDF: every page is drawn by the renderer into an image, one image
// per printed sheet at the page's own 1000 : 1400 shape (memories.css, `@media print` and the
// named page `memories-book`, 100 mm × 140 mm with no margin), then the browser's print opens.
// The printed pages stay in the document until the screen is left, so printing again (or a
// PDF made by the browser itself) gets them without drawing them twice.
import { h } from '../../dom.js';
import { pageBlob } from './renderer.js';

const PX_WIDTH = 1000; // one pixel per page unit: about 250 dpi on a 100 mm page

/**
 * createPrinter({ store, title, onProgress(text), onError(err) }) -> { print(), stop() }.
 * print() draws every page (fetching what isn't here yet), then calls window.print().
 */
export function createPrinter({ store, title, onProgress, onError }) {
  let root = null;
  let urls = [];
  let busy = false;
  let alive = true;

  function clear() {
    root?.remove();
    root = null;
    urls.forEach((url) => URL.revokeObjectURL(url));
    urls = [];
    document.documentElement.classList.remove('memories-printable');
  }

  async function build() {
    const pages = await store.allDetails((done, total) => onProgress?.(`Getting page ${done} of ${total}…`));
    if (!alive) return null;
    clear();
    const sheets = [];
    for (const [i, page] of pages.entries()) {
      onProgress?.(`Drawing page ${i + 1} of ${pages.length}…`);
      store.images.remember(page.media);
      const blob = await pageBlob(page.canvas, store.images, { pxWidth: PX_WIDTH, type: 'image/jpeg', quality: 0.92 });
      if (!alive) return null;
      const url = URL.createObjectURL(blob);
      urls.push(url);
      const img = h('img', { class: 'memories-print-img', src: url, alt: `Page ${i + 1}` });
      sheets.push(h('section', { class: 'memories-print-page', dataset: { testid: 'memories-print-page', pageId: page.id } }, img));
    }
    root = h('div', { class: 'memories-print', dataset: { testid: 'memories-print', count: String(sheets.length) },
      'aria-hidden': 'true' }, h('h1', { class: 'sr-only' }, title()), sheets);
    document.body.append(root);
    await Promise.all([...root.querySelectorAll('img')].map((img) => img.decode().catch(() => {})));
    document.documentElement.classList.add('memories-printable');
    root.dataset.ready = 'true';
    return root;
  }

  async function print() {
    if (busy) return;
    busy = true;
    try {
      const built = await build();
      if (!built || !alive) return;
      onProgress?.(`${built.dataset.count} pages ready to print.`);
      window.print();
    } catch (err) {
      onError?.(err);
    } finally {
      busy = false;
    }
  }

  return {
    print,
    get busy() { return busy; },
    stop() { alive = false; clear(); },
  };
}
