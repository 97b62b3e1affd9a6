// Kindred's one pagination shape on the web: every list that can grow answers
// { items, nextCursor } (see openapi.yaml, "Lists"). A client.js function takes the cursor and
// resolves to such a page; screens use one of these two ways to show more of it.
import { h } from './dom.js';

/**
 * Every item of a paged list, page after page (at most maxPages), for a screen that must show
 * the whole of something the server also draws whole (the constellation's people).
 */
export async function allPages(fetchPage, { maxPages = 20 } = {}) {
  const items = [];
  let cursor;
  for (let i = 0; i < maxPages; i += 1) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return items;
}

/**
 * A "Show more" button for the end of a list: it fetches the next page when pressed, or by
 * itself once it scrolls into view, and hides when the last page is in. show(page) is called
 * with each page; start(page) resets it with a first page.
 */
export function moreButton({ fetchPage, show, testid, label = 'Show more', onError }) {
  let cursor = null;
  let busy = false;
  const button = h('button', { type: 'button', class: 'btn btn-quiet more-button', hidden: true, dataset: { testid } }, label);

  async function next() {
    if (!cursor || busy) return;
    busy = true;
    button.disabled = true;
    button.textContent = 'Loading…';
    try {
      const page = await fetchPage(cursor);
      show(page);
      setCursor(page.nextCursor);
    } catch (err) {
      onError?.(err);
    } finally {
      busy = false;
      button.disabled = false;
      button.textContent = label;
    }
  }

  function setCursor(value) {
    cursor = value || null;
    button.hidden = !cursor;
  }

  button.addEventListener('click', next);
  // Scrolling to the end loads the next page, as people expect of a feed; the button stays for
  // keyboards and for a failed load to be tried again.
  const watcher = typeof IntersectionObserver === 'function'
    ? new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) next(); })
    : null;
  watcher?.observe(button);

  return {
    el: button,
    start(page) { setCursor(page.nextCursor); },
    stop() { watcher?.disconnect(); },
  };
}
