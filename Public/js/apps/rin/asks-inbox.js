// The inbox of asks, in the Profile tab: people who want to see a field of this profile that is
// on Ask for them, newest first. Each shows who asks (as they let this profile see them) and which
// field, with Approve (that field, for them alone), Approve all fields (every field, present and
// future) and Decline, which they are never told of. New asks arrive live (`rin.ask.requested`).
import { h, relativeTime } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import { onStatus } from '../../realtime.js';
import { refreshAsks } from './asks-count.js';
import { rinAvatar } from './avatar.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { fieldName } from './words.js';

const ROW_NAMES = { name: 'name', photo: 'photo', bio: 'bio' };
const KIND_ICONS = { phone: 'phone', email: 'mail', address: 'pin', birthday: 'cake', social: 'at', name: 'people', photo: 'eye', bio: 'note' };
const personHref = (profileId) => `#/rin/people/${encodeURIComponent(profileId)}`;

/** "your home address", "your bio", "your LinkedIn" (a network's name keeps its capitals). */
function fieldText(field) {
  if (ROW_NAMES[field.kind]) return `your ${ROW_NAMES[field.kind]}`;
  const name = fieldName(field.kind, field.label);
  return `your ${field.kind === 'social' ? name : name.toLowerCase()}`;
}

/** asksSection(profile) -> { el, stop() }: the inbox of this profile, kept live. */
export function asksSection(profile) {
  let alive = true;
  let more = null;
  const alert = formAlert('rin-asks-error');
  const status = statusLine('rin-asks-status');
  const list = h('ul', { class: 'rin-asks', 'aria-busy': 'true', dataset: { testid: 'rin-asks' } });
  const none = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-asks-empty' } }, 'No one is waiting for an answer.');
  const moreSlot = h('div');
  const el = h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-asks-title', dataset: { testid: 'rin-asks-section' } },
    h('h2', { id: 'rin-asks-title' }, icon('key'), ' Asks'),
    h('p', { class: 'muted' }, 'People who want to see a field you keep on Ask for them. They aren’t told if you decline.'),
    alert.el, status.el, list, moreSlot, none);

  function row(ask) {
    const who = ask.requester.displayName || 'Someone on Rin';
    const what = fieldText(ask.field);
    const approve = h('button', { type: 'button', class: 'btn btn-primary rin-small-btn', dataset: { testid: 'rin-ask-approve' } }, 'Approve');
    const all = h('button', { type: 'button', class: 'btn rin-small-btn', dataset: { testid: 'rin-ask-approve-all' } }, 'Approve all fields');
    const decline = h('button', { type: 'button', class: 'btn btn-quiet rin-small-btn', dataset: { testid: 'rin-ask-decline' } }, 'Decline');
    const li = h('li', { class: 'rin-ask-item', dataset: { testid: 'rin-ask-item', id: ask.id, requester: who, key: ask.field.key } },
      h('a', { class: 'rin-ask-who', href: personHref(ask.requester.profileId), dataset: { testid: 'rin-ask-requester' } },
        rinAvatar({ name: who, photo: ask.requester.photo }),
        h('span', { class: 'rin-contact-names' }, h('span', { class: 'rin-contact-name' }, who),
          ask.requester.bio ? h('span', { class: 'muted rin-contact-sub' }, ask.requester.bio) : null)),
      h('p', { class: 'rin-ask-what', dataset: { testid: 'rin-ask-field', kind: ask.field.kind } },
        h('span', { class: 'rin-field-icon' }, icon(KIND_ICONS[ask.field.kind] || 'note')),
        h('span', {}, `Wants to see ${what}`, h('span', { class: 'muted' }, ` · ${relativeTime(ask.createdAt)}`))),
      h('div', { class: 'actions rin-ask-actions' }, approve, all, decline));

    async function answer(call, message) {
      for (const b of [approve, all, decline]) b.disabled = true;
      alert.clear();
      try {
        await call();
        li.remove();
        none.hidden = list.children.length > 0;
        status.show(message);
        refreshAsks({ force: true });
      } catch (err) {
        for (const b of [approve, all, decline]) b.disabled = false;
        // Answered on another device meanwhile: it is gone either way.
        if (err.status === 404) { li.remove(); none.hidden = list.children.length > 0; }
        alert.show(problemText(err));
      }
    }
    approve.addEventListener('click', () => answer(() => client.approveAsk(ask.id), `${who} can see ${what} now.`));
    all.addEventListener('click', () => {
      if (!window.confirm(`Show ${who} every field of ${profile.displayName}, now and any you add later, whatever their circles say?`)) return;
      answer(() => client.approveAsk(ask.id, { allFields: true }), `${who} can see every field of this profile now.`);
    });
    decline.addEventListener('click', () => answer(() => client.denyAsk(ask.id), `Declined. ${who} isn’t told.`));
    return li;
  }

  async function load() {
    list.setAttribute('aria-busy', 'true');
    try {
      const page = await client.listIncomingAsks(profile.id);
      if (!alive) return;
      more?.stop();
      more = moreButton({ testid: 'rin-asks-more', label: 'Show older asks', fetchPage: (cursor) => client.listIncomingAsks(profile.id, { cursor }),
        show: (next) => { if (alive) list.append(...next.items.map(row)); }, onError: (err) => alert.show(problemText(err)) });
      moreSlot.replaceChildren(more.el);
      list.replaceChildren(...page.items.map(row));
      more.start(page);
      none.hidden = page.items.length > 0;
    } catch (err) {
      if (alive) alert.show(problemText(err));
    } finally {
      list.setAttribute('aria-busy', 'false');
    }
  }

  const offs = [
    client.onAskRequested((event) => { if (alive && client.sameId(event.profileId, profile.id)) load(); }),
    onStatus((s, { reconnected }) => { if (alive && s === 'open' && reconnected) load(); }), // asks may have come meanwhile
  ];
  load();
  return { el, stop() { alive = false; more?.stop(); offs.forEach((off) => off()); } };
}
