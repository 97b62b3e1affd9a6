// A post's comments in a sheet: oldest first as a conversation reads, a page at a time, with one
// level of replies behind "View N replies". My new comment shows at once and is taken back,
// with its text returned to the box, if the server refuses it. I may delete my comments and any
// comment on my post; anyone else's I may report.
import { h, timeEl } from '../../dom.js';
import { avatar } from '../../components.js';
import { formAlert, setPending } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { reportDialog } from '../../safety.js';
import { counterField } from './caption.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { profileHref } from './person.js';
import { openSheet } from './sheet.js';

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

/** me: my profile; onCount(n): the post's comment count changed. */
export function openComments(post, { me, onCount }) {
  const postMine = same(post.author.id, me.id);
  let count = post.commentCount;
  let replyTo = null; // { comment, li } of the top-level comment being answered
  const alert = formAlert('kinnect-comments-error');
  const list = h('ol', { class: 'kinnect-comments', dataset: { testid: 'kinnect-comments-list' }, 'aria-busy': 'true' });
  const empty = h('p', { class: 'kinnect-empty-line muted', hidden: true, dataset: { testid: 'kinnect-comments-empty' } },
    'No comments yet. Start the conversation.');
  const more = moreButton({ fetchPage: (cursor) => client.listComments(post.id, cursor), testid: 'kinnect-comments-more',
    label: 'Show more comments', show: (page) => appendTop(page.items), onError: (err) => alert.show(err.detail || err.message) });

  // ---- the compose box ----
  const field = counterField({ label: 'Add a comment', max: client.COMMENT_MAX, testid: 'kinnect-comment-input', rows: 1,
    hideLabel: true, placeholder: 'Add a comment…' });
  const replyingText = h('span', {});
  const cancelReply = h('button', { type: 'button', class: 'kinnect-icon-button kinnect-small-button', 'aria-label': 'Cancel reply',
    dataset: { testid: 'kinnect-reply-cancel' } }, icon('close'));
  const replying = h('p', { class: 'kinnect-replying', hidden: true, dataset: { testid: 'kinnect-replying' } }, replyingText, cancelReply);
  const send = h('button', { type: 'submit', class: 'btn btn-quiet kinnect-send', dataset: { testid: 'kinnect-comment-send' } }, 'Post');
  const composeAlert = formAlert('kinnect-comment-error');
  const form = h('form', { class: 'kinnect-compose', novalidate: true, 'aria-label': 'Write a comment' },
    replying, h('div', { class: 'kinnect-compose-row' }, field.wrap, send), composeAlert.el);

  const caption = post.caption ? h('div', { class: 'kinnect-comment kinnect-comment-caption' },
    avatar(post.author, { size: 'sm' }),
    h('div', { class: 'kinnect-comment-body' },
      h('p', { class: 'kinnect-comment-text' }, h('a', { class: 'kinnect-comment-author', href: profileHref(post.author.username) },
        post.author.username), ' ', post.caption),
      h('p', { class: 'kinnect-comment-meta muted' }, timeEl(post.createdAt)))) : null;

  const sheet = openSheet({ title: 'Comments', testid: 'kinnect-comments', body: [caption, alert.el, list, more.el, empty],
    footer: form, onClose: () => more.stop() });
  field.input.focus();

  function setCount(n) {
    count = Math.max(0, n);
    onCount?.(count);
  }

  function setReplyTo(target) {
    replyTo = target;
    replying.hidden = !target;
    replyingText.textContent = target ? `Replying to ${target.comment.author.username} ` : '';
    if (target) field.input.focus();
  }
  cancelReply.addEventListener('click', () => { setReplyTo(null); field.input.focus(); });

  // ---- one comment ----
  function commentItem(comment, { pending = false, parent = null } = {}) {
    const mine = same(comment.author.id, me.id);
    const li = h('li', { class: `kinnect-comment${pending ? ' kinnect-pending' : ''}`,
      dataset: { testid: parent ? 'kinnect-reply' : 'kinnect-comment', id: comment.id } });
    const actions = [];
    if (!pending) {
      const reply = h('button', { type: 'button', class: 'linklike kinnect-comment-action', dataset: { testid: 'kinnect-comment-reply' },
        'aria-label': `Reply to ${comment.author.username}` }, 'Reply');
      reply.addEventListener('click', () => {
        const top = parent || { comment, li };
        setReplyTo(top);
        if (parent && !field.input.value) field.input.value = `@${comment.author.username} `;
        field.update();
      });
      actions.push(reply);
      if (mine || postMine) {
        const del = h('button', { type: 'button', class: 'linklike kinnect-comment-action danger-link', dataset: { testid: 'kinnect-comment-delete' },
          'aria-label': `Delete ${mine ? 'your' : `${comment.author.username}’s`} comment` }, 'Delete');
        del.addEventListener('click', () => removeComment(comment, li, del));
        actions.push(del);
      } else {
        const report = h('button', { type: 'button', class: 'linklike kinnect-comment-action', dataset: { testid: 'kinnect-comment-report' },
          'aria-label': `Report ${comment.author.username}’s comment` }, 'Report');
        report.addEventListener('click', async () => {
          if (await reportDialog({ kind: 'kinnect.comment', id: comment.id }, { title: 'Report comment' })) {
            alert.clear();
            report.replaceWith(h('span', { class: 'muted kinnect-comment-action' }, 'Reported'));
          }
        });
        actions.push(report);
      }
    }
    const body = h('div', { class: 'kinnect-comment-body' },
      h('p', { class: 'kinnect-comment-text' },
        h('a', { class: 'kinnect-comment-author', href: profileHref(comment.author.username) }, comment.author.username), ' ',
        h('span', { dataset: { testid: 'kinnect-comment-text' } }, comment.text)),
      h('p', { class: 'kinnect-comment-meta muted' }, pending ? 'Posting…' : timeEl(comment.createdAt), actions));
    li.append(avatar(comment.author, { size: 'sm' }), body);
    if (!parent && !pending) body.append(...repliesBlock(comment, li));
    return li;
  }

  /** "View 3 replies" and the replies it loads, a page at a time. */
  function repliesBlock(comment, li) {
    const replies = h('ol', { class: 'kinnect-replies', dataset: { testid: 'kinnect-replies' } });
    let cursor = null;
    let loaded = 0;
    const toggle = h('button', { type: 'button', class: 'linklike kinnect-view-replies', dataset: { testid: 'kinnect-view-replies' } });
    const label = () => {
      const left = comment.replyCount - loaded;
      toggle.hidden = left <= 0 && !cursor;
      toggle.textContent = loaded ? `View ${left > 0 ? left : 'more'} more ${left === 1 ? 'reply' : 'replies'}` : `View ${left} ${left === 1 ? 'reply' : 'replies'}`;
    };
    toggle.addEventListener('click', async () => {
      toggle.disabled = true;
      try {
        const page = await client.listReplies(comment.id, cursor || undefined);
        const shown = new Set([...replies.children].map((r) => r.dataset.id));
        const fresh = page.items.filter((r) => !shown.has(r.id));
        replies.append(...fresh.map((r) => commentItem(r, { parent: { comment, li } })));
        loaded += fresh.length;
        cursor = page.nextCursor || null;
        if (!cursor) comment.replyCount = loaded; // all of them are here now
        label();
      } catch (err) {
        alert.show(err.detail || err.message);
      } finally {
        toggle.disabled = false;
      }
    });
    li.addReply = (node) => { replies.append(node); loaded += 1; comment.replyCount += 1; label(); };
    li.dropReply = () => { loaded -= 1; comment.replyCount -= 1; label(); };
    label();
    return [toggle, replies];
  }

  function appendTop(items) {
    const shown = new Set([...list.children].map((li) => li.dataset.id));
    list.append(...items.filter((c) => !shown.has(c.id)).map((c) => commentItem(c)));
    empty.hidden = list.children.length > 0;
  }

  async function removeComment(comment, li, button) {
    const replies = comment.replyCount ? ' Its replies go with it.' : '';
    if (!window.confirm(`Delete this comment?${replies}`)) return;
    button.disabled = true;
    alert.clear();
    try {
      await client.deleteComment(comment.id);
      const parentLi = li.parentElement?.closest('li.kinnect-comment');
      li.remove();
      parentLi?.dropReply?.();
      empty.hidden = list.children.length > 0;
      setCount(count - 1 - (comment.replyTo ? 0 : comment.replyCount || 0));
      field.input.focus();
      // The server knows how many replies went with it; ask rather than guess.
      client.getPost(post.id).then((fresh) => setCount(fresh.commentCount), () => {});
    } catch (err) {
      button.disabled = false;
      alert.show(err.detail || err.message);
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = field.input.value;
    composeAlert.clear();
    if (!text.trim()) { composeAlert.show('Write something first.'); field.input.focus(); return; }
    const target = replyTo;
    const draft = { id: `pending-${Date.now()}`, author: me, text: text.trim(), createdAt: new Date().toISOString(), replyCount: 0 };
    const pendingLi = commentItem(draft, { pending: true, parent: target });
    if (target) target.li.addReply(pendingLi); else list.append(pendingLi);
    empty.hidden = true;
    pendingLi.scrollIntoView({ block: 'nearest' });
    field.input.value = '';
    field.update();
    setReplyTo(null);
    setPending(form, send, true);
    try {
      const saved = await client.comment(post.id, text, target?.comment.id);
      pendingLi.replaceWith(commentItem(saved, { parent: target }));
      setCount(count + 1);
    } catch (err) {
      // Take it back, and give the words back so nothing typed is lost.
      pendingLi.remove();
      if (target) target.li.dropReply();
      empty.hidden = list.children.length > 0;
      if (!field.input.value) field.input.value = text;
      field.update();
      if (target?.li.isConnected) setReplyTo(target);
      composeAlert.show(err.fieldErrors?.text || err.detail || err.message);
      field.input.focus();
    } finally {
      setPending(form, send, false);
    }
  });
  // Enter sends, Shift+Enter starts a new line, as in every chat box.
  field.input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) { event.preventDefault(); form.requestSubmit(); }
  });

  client.listComments(post.id).then((page) => { appendTop(page.items); more.start(page); },
    (err) => alert.show(err.detail || err.message)).finally(() => list.setAttribute('aria-busy', 'false'));
  return sheet;
}
