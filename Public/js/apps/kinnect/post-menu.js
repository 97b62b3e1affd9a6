// The "…" menu of a post, as a sheet of big buttons: the author may edit the caption or delete
// the post; anyone else may report it or unfollow its author. Each choice is handed back to the
// post, which knows how to carry it out and where to show the outcome.
import { h } from '../../dom.js';
import { postHref } from './person.js';
import { openSheet } from './sheet.js';

/**
 * mine: I wrote it. actions: { edit, remove, report, unfollow, open }: functions run after the
 * sheet closes (each may be absent; `open` goes to the post's own page).
 */
export function openPostMenu(post, { mine, actions }) {
  const choices = mine
    ? [['edit', 'Edit caption', 'kinnect-menu-edit'], ['avatar', 'Use as profile photo', 'kinnect-menu-avatar'],
      ['remove', 'Delete', 'kinnect-menu-delete', true]]
    : [['report', 'Report', 'kinnect-menu-report', true], ['unfollow', 'Unfollow', 'kinnect-menu-unfollow']];
  let chosen = null;
  const buttons = choices.filter(([key]) => actions[key]).map(([key, label, testid, danger]) =>
    h('li', {}, h('button', { type: 'button', class: `kinnect-menu-item${danger ? ' danger-link' : ''}`, dataset: { testid },
      onclick: () => { chosen = key; sheet.close(); } }, label)));
  const goTo = actions.open
    ? h('li', {}, h('a', { class: 'kinnect-menu-item', href: postHref(post.id), dataset: { testid: 'kinnect-menu-open' } }, 'Go to post'))
    : null;
  const sheet = openSheet({
    title: 'Post options', testid: 'kinnect-post-menu',
    body: h('ul', { class: 'kinnect-menu' }, buttons, goTo),
    // Run the choice once the sheet is gone, so a confirm() or a dialog of its own isn't behind it.
    onClose: () => { if (chosen) actions[chosen](); },
  });
  return sheet;
}
