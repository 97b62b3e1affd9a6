// My saved posts: a private list (nobody else sees it), most recently saved first, as a grid.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import * as client from './client.js';
import { postGrid } from './grid.js';
import { icon } from './icons.js';

export function render(root) {
  const alert = formAlert('kinnect-saved-error');
  const empty = h('div', { class: 'kinnect-empty', hidden: true, dataset: { testid: 'kinnect-saved-empty' } },
    h('span', { class: 'kinnect-empty-icon' }, icon('bookmark')),
    h('h2', {}, 'Nothing saved yet'),
    h('p', { class: 'muted' }, 'Tap the bookmark under a post to keep it here. Only you can see what you saved.'));
  const grid = postGrid({ fetchPage: client.listSaved, empty, testid: 'kinnect-saved-grid', label: 'Saved posts',
    onError: (err) => alert.show(err.detail || err.message) });
  root.append(h('h1', { tabindex: '-1', class: 'kinnect-title' }, 'Saved'),
    h('p', { class: 'muted' }, 'Only you can see what you’ve saved.'), alert.el, grid.el);
  return () => grid.stop();
}
