// One post as the feed, a profile's post page and saved posts show it: who and when, the
// carousel, heart / comment / save, likes, caption and comments. Likes and saves change on
// screen at once and go back, with a message, if the server says no.
import { h, timeEl } from '../../dom.js';
import { avatar } from '../../components.js';
import { updateProfile } from '../../kindred-client.js';
import { reportDialog } from '../../safety.js';
import { updateMe } from '../../session.js';
import { captionEditor, captionView } from './caption.js';
import { createCarousel } from './carousel.js';
import * as client from './client.js';
import { openComments } from './comments.js';
import { icon } from './icons.js';
import { openLikes } from './likes.js';
import { counted, profileHref } from './person.js';
import { openPostMenu } from './post-menu.js';

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

/**
 * post: a KinnectPost; me: my profile. Options: onDeleted(post), onUnfollowed(author),
 * linkToPost (the menu offers "Go to post"), openCommentsNow (the comments sheet opens at once).
 * Returns { el, post }.
 */
export function createPostView(post, { me, onDeleted, onUnfollowed, linkToPost = true, openCommentsNow = false } = {}) {
  post = { ...post };
  const mine = same(post.author.id, me.id);
  const who = post.author.displayName || post.author.username;
  const error = h('p', { class: 'kinnect-post-error', role: 'alert', dataset: { testid: 'kinnect-post-error' } });
  const status = h('p', { class: 'kinnect-post-status', role: 'status', dataset: { testid: 'kinnect-post-status' } });
  const showError = (message) => { status.textContent = ''; error.textContent = message; };
  const showStatus = (message) => { error.textContent = ''; status.textContent = message; };

  // ---- head ----
  const menuButton = h('button', { type: 'button', class: 'kinnect-icon-button', 'aria-label': `Options for ${who}’s post`,
    'aria-haspopup': 'dialog', dataset: { testid: 'kinnect-post-menu-button' } }, icon('more'));
  const head = h('header', { class: 'kinnect-post-head' },
    h('a', { class: 'kinnect-post-who', href: profileHref(post.author.username), dataset: { testid: 'kinnect-post-author' } },
      avatar(post.author, { size: 'sm' }),
      h('span', { class: 'kinnect-post-names' },
        h('span', { class: 'kinnect-post-name' }, post.author.displayName || post.author.username),
        h('span', { class: 'kinnect-post-sub muted' }, `@${post.author.username} · `, timeEl(post.createdAt)))),
    menuButton);

  // ---- media and actions ----
  const carousel = createCarousel(post, { onDoubleTap: () => { carousel.burst(); setLiked(true); } });
  const likeButton = h('button', { type: 'button', class: 'kinnect-icon-button kinnect-like', dataset: { testid: 'kinnect-like' } });
  const commentButton = h('button', { type: 'button', class: 'kinnect-icon-button', 'aria-label': 'Comment',
    'aria-haspopup': 'dialog', dataset: { testid: 'kinnect-comment-button' } }, icon('comment'));
  const saveButton = h('button', { type: 'button', class: 'kinnect-icon-button kinnect-save', dataset: { testid: 'kinnect-save' } });
  const likes = h('p', { class: 'kinnect-likes' });
  const captionSlot = h('div', { class: 'kinnect-caption-slot' });
  const commentsLink = h('button', { type: 'button', class: 'linklike kinnect-comments-link', 'aria-haspopup': 'dialog',
    dataset: { testid: 'kinnect-view-comments' } });

  const el = h('article', { class: 'kinnect-post', 'aria-label': `Post by ${who}`, dataset: { testid: 'kinnect-post', id: post.id } },
    head, carousel.el,
    h('div', { class: 'kinnect-post-actions' }, likeButton, commentButton, h('span', { class: 'kinnect-spacer' }), saveButton),
    h('div', { class: 'kinnect-post-body' }, likes, captionSlot, commentsLink, error, status));

  function renderLikes() {
    likeButton.replaceChildren(icon('heart', { filled: post.liked }));
    likeButton.setAttribute('aria-pressed', String(post.liked));
    likeButton.setAttribute('aria-label', 'Like');
    likeButton.classList.toggle('kinnect-liked', post.liked);
    el.dataset.liked = String(post.liked);
    if (post.likeCount > 0) {
      likes.replaceChildren(h('button', { type: 'button', class: 'linklike kinnect-like-count', 'aria-haspopup': 'dialog',
        dataset: { testid: 'kinnect-like-count', count: String(post.likeCount) }, onclick: () => openLikes(post) },
      counted(post.likeCount, 'like')));
    } else {
      likes.replaceChildren(h('span', { class: 'muted', dataset: { testid: 'kinnect-like-count', count: '0' } }, 'No likes yet'));
    }
  }
  function renderSaved() {
    saveButton.replaceChildren(icon('bookmark', { filled: post.saved }));
    saveButton.setAttribute('aria-pressed', String(post.saved));
    saveButton.setAttribute('aria-label', 'Save');
  }
  function renderComments() {
    commentsLink.textContent = post.commentCount
      ? (post.commentCount === 1 ? 'View 1 comment' : `View all ${post.commentCount.toLocaleString()} comments`)
      : 'Add a comment…';
    commentsLink.dataset.count = String(post.commentCount);
  }
  function renderCaption() {
    captionSlot.replaceChildren(...[captionView(post)].filter(Boolean));
  }

  // Optimistic: the heart changes now; the server's answer (or a failure) settles it. Only the
  // latest tap's answer counts, so quick taps can't leave a stale state behind.
  let likeSeq = 0;
  async function setLiked(want) {
    if (post.liked === want) return;
    const before = { liked: post.liked, likeCount: post.likeCount };
    Object.assign(post, { liked: want, likeCount: Math.max(0, post.likeCount + (want ? 1 : -1)) });
    renderLikes();
    error.textContent = '';
    const seq = ++likeSeq;
    try {
      const now = await (want ? client.like : client.unlike)(post.id);
      if (seq === likeSeq) Object.assign(post, { liked: now.liked, likeCount: now.likeCount });
    } catch (err) {
      if (seq !== likeSeq) return;
      Object.assign(post, before);
      showError(`${want ? 'Liking' : 'Unliking'} didn’t work: ${err.detail || err.message}`);
    }
    if (seq === likeSeq) renderLikes();
  }

  let saveSeq = 0;
  async function setSaved(want) {
    const before = post.saved;
    post.saved = want;
    renderSaved();
    const seq = ++saveSeq;
    try {
      await (want ? client.save : client.unsave)(post.id);
      if (seq === saveSeq) showStatus(want ? 'Saved. Find it under Saved on your profile.' : 'Removed from Saved.');
    } catch (err) {
      if (seq !== saveSeq) return;
      post.saved = before;
      renderSaved();
      showError(`${want ? 'Saving' : 'Unsaving'} didn’t work: ${err.detail || err.message}`);
    }
  }

  const comments = () => openComments(post, { me, onCount: (n) => { post.commentCount = n; renderComments(); } });

  function editCaption() {
    const editor = captionEditor(post, {
      onSaved: (saved) => {
        Object.assign(post, { caption: saved.caption, editedAt: saved.editedAt });
        renderCaption();
        showStatus('Caption saved.');
        menuButton.focus(); // the Save button that had focus is gone
      },
      onCancel: () => { renderCaption(); menuButton.focus(); },
    });
    captionSlot.replaceChildren(editor);
  }

  async function remove() {
    if (!window.confirm('Delete this post? Its photos, videos, likes and comments go with it. This can’t be undone.')) return;
    try {
      await client.deletePost(post.id);
      // Keyboard focus goes on to the next post (or back to the heading), not to nowhere.
      const neighbour = el.nextElementSibling || el.previousElementSibling;
      onDeleted?.(post);
      el.remove();
      (neighbour?.querySelector('a, button') || document.querySelector('main h1'))?.focus();
    } catch (err) {
      showError(`The post wasn’t deleted: ${err.detail || err.message}`);
    }
  }

  // The photo on screen becomes the profile photo. The server keeps a copy of its own, so
  // deleting this post later leaves the profile photo as it is.
  async function useAsAvatar() {
    const display = post.media[carousel.index]?.display;
    if (!display || client.isVideo(display)) return;
    try {
      updateMe(await updateProfile({ avatarId: display.id }));
      showStatus('This photo is your profile photo now.');
    } catch (err) {
      showError(`Your profile photo wasn’t changed: ${err.detail || err.message}`);
    }
  }

  async function report() {
    if (await reportDialog({ kind: 'kinnect.post', id: post.id }, { title: 'Report post' })) showStatus('Thanks. Your report was sent.');
  }

  async function unfollow() {
    if (!window.confirm(`Unfollow ${who}? To follow them again you’ll have to ask again.`)) return;
    try {
      await client.unfollow(post.author.username);
      onUnfollowed?.(post.author);
      showStatus(`You unfollowed ${who}.`);
    } catch (err) {
      showError(err.detail || err.message);
    }
  }

  likeButton.addEventListener('click', () => setLiked(!post.liked));
  saveButton.addEventListener('click', () => setSaved(!post.saved));
  commentButton.addEventListener('click', comments);
  commentsLink.addEventListener('click', comments);
  menuButton.addEventListener('click', () => openPostMenu(post, { mine, actions: mine
    ? { edit: editCaption, remove, open: linkToPost, avatar: client.isVideo(post.media[carousel.index]?.display) ? null : useAsAvatar }
    : { report, unfollow, open: linkToPost } }));

  renderLikes();
  renderSaved();
  renderComments();
  renderCaption();
  if (openCommentsNow) queueMicrotask(comments);
  return { el, get post() { return post; } };
}
