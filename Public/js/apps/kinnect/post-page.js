// One post on its own page (from a profile's grid, saved posts or an activity item). With
// ?comments=1 the comments sheet opens at once, for "ada commented on your post".
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { currentSession } from '../../session.js';
import * as client from './client.js';
import { profileHref } from './person.js';
import { createPostView } from './post-view.js';

export function render(root, { params, query, navigate, flash }) {
  let alive = true;
  const me = currentSession().me.profile;
  const alert = formAlert('kinnect-post-page-error');
  const slot = h('div', { class: 'kinnect-feed', 'aria-busy': 'true' });
  root.append(h('div', { class: 'kinnect-title-row' }, h('h1', { tabindex: '-1', class: 'kinnect-title' }, 'Post')), alert.el, slot);
  client.getPost(params.id).then((post) => {
    if (!alive) return;
    const view = createPostView(post, { me, linkToPost: false, openCommentsNow: query.get('comments') === '1',
      onDeleted: () => { flash('Post deleted.', 'success'); navigate(`/kinnect/u/${encodeURIComponent(me.username)}`); },
      onUnfollowed: () => navigate(profileHref(post.author.username).slice(1)) });
    slot.replaceChildren(view.el);
  }, (err) => {
    if (!alive) return;
    alert.show(err.status === 404 ? 'This post isn’t available. It may have been deleted, or you may no longer follow its author.'
      : err.detail || err.message);
  }).finally(() => slot.setAttribute('aria-busy', 'false'));
  return () => { alive = false; };
}
