// Who liked a post, most recent first, in a sheet: each person links to their profile.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { moreButton } from '../../paging.js';
import * as client from './client.js';
import { personRow } from './person.js';
import { openSheet } from './sheet.js';

export function openLikes(post) {
  const alert = formAlert('kinnect-likes-error');
  const list = h('ul', { class: 'kinnect-people', dataset: { testid: 'kinnect-likes-list' }, 'aria-busy': 'true' });
  const show = (page) => list.append(...page.items.map((person) => personRow(person.profile, { testid: 'kinnect-liker' })));
  const more = moreButton({ fetchPage: (cursor) => client.listLikes(post.id, cursor), show, testid: 'kinnect-likes-more',
    onError: (err) => alert.show(err.detail || err.message) });
  openSheet({ title: 'Likes', testid: 'kinnect-likes', body: [alert.el, list, more.el], onClose: () => more.stop() });
  client.listLikes(post.id).then((page) => { show(page); more.start(page); }, (err) => alert.show(err.detail || err.message))
    .finally(() => list.setAttribute('aria-busy', 'false'));
}
