// The security inbox: what needs me or happened to my account, in four sections (access
// requests to any of my profiles, disputes raised by me or about me, the account's alerts,
// reports I filed), filtered to
// all, what needs me, or what is resolved. Opening it marks everything seen; a new ask or alert
// arriving while it is open shows at once.
import { h, timeEl } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { answerAlert } from '../../kindred-client.js';
import { disputeItem } from './dispute.js';
import { moreButton } from '../../paging.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText, screenState } from './state.js';
import { fieldName } from './words.js';

const SECTIONS = [
  { id: 'access', title: 'Access requests', empty: 'Nobody asked to see your details.' },
  { id: 'disputes', title: 'Disputes', empty: 'No disputes.' },
  { id: 'alerts', title: 'Account alerts', empty: 'Nothing happened to your account.' },
  { id: 'reports', title: 'Reports', empty: 'You haven’t reported anything.' },
];
const FILTERS = [['all', 'All'], ['action', 'Action needed'], ['resolved', 'Resolved']];
const STATES = { action: 'Needs you', waiting: 'With the moderators', resolved: 'Resolved' };
const REPORT_STATUS = { open: 'Open', dismissed: 'Looked at: no action', hidden: 'Content hidden', suspended: 'Account suspended' };

function stateBadge(item) {
  return h('span', { class: `badge rin-badge rin-state-${item.state}`, dataset: { testid: 'rin-security-state' } }, STATES[item.state]);
}

function askItem(item, { alert, status, reload }) {
  const ask = item.ask;
  const who = ask.requester.displayName || 'Someone on Rin';
  const what = fieldName(ask.field.kind, ask.field.label);
  const li = h('li', { class: 'rin-security-item', dataset: { testid: 'rin-security-item', section: 'access', state: item.state } },
    h('p', {}, h('strong', {}, who), ` asked to see ${what.toLowerCase()} on ${ask.profileName}. `, stateBadge(item)),
    h('p', { class: 'muted' }, timeEl(item.createdAt),
      ask.status === 'pending' ? null : ` · ${ask.status === 'approved' ? 'You said yes' : 'You said no'}`));
  if (ask.status === 'pending') {
    const act = (label, testid, call, done) => {
      const button = h('button', { type: 'button', class: 'btn', dataset: { testid } }, label);
      button.addEventListener('click', async () => {
        button.disabled = true;
        try {
          await call();
          status.show(done);
          reload();
        } catch (err) {
          button.disabled = false;
          alert.show(problemText(err));
        }
      });
      return button;
    };
    li.append(h('div', { class: 'actions' },
      act('Let them see it', 'rin-security-approve', () => client.approveAsk(item.id), `${who} can see ${what.toLowerCase()} now.`),
      act('Say no', 'rin-security-deny', () => client.denyAsk(item.id), `${who} isn’t told; they can’t ask again for a while.`)));
  }
  return li;
}

function alertItem(item, { alert, status, reload }) {
  const a = item.alert;
  const text = a.kind === 'new_device'
    ? [h('strong', {}, 'New sign-in: '), a.device, a.isThisDevice ? ' (this device)' : '']
    : [h('strong', {}, `${a.count} ${a.count === 1 ? 'session' : 'sessions'} signed out`), ` from ${a.device}${a.isThisDevice ? ' (this device)' : ''}`];
  const li = h('li', { class: 'rin-security-item', dataset: { testid: 'rin-security-item', section: 'alerts', state: item.state } },
    h('p', { dataset: { testid: 'rin-security-alert-text' } }, ...text, ' ', stateBadge(item)),
    h('p', { class: 'muted' }, timeEl(item.createdAt),
      a.answer === 'was_me' ? ' · You said it was you' : a.answer === 'not_me' ? ' · You said it wasn’t you: your other devices were signed out' : ''));
  if (a.kind === 'new_device' && !a.answer) {
    const mine = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-security-was-me' } }, 'This was me');
    const notMine = h('button', { type: 'button', class: 'btn danger-link', dataset: { testid: 'rin-security-not-me' } }, 'This wasn’t me');
    const answer = async (wasMe, button) => {
      if (!wasMe && !window.confirm(`Sign out every other device, ${a.device} included? Then change your password.`)) return;
      button.disabled = true;
      try {
        await answerAlert(a.id, wasMe);
        status.show(wasMe ? 'Thanks: the alert is closed.' : 'Every other device is signed out. Change your password now.');
        reload();
      } catch (err) {
        button.disabled = false;
        alert.show(problemText(err));
      }
    };
    mine.addEventListener('click', () => answer(true, mine));
    notMine.addEventListener('click', () => answer(false, notMine));
    li.append(h('div', { class: 'actions' }, mine, a.isThisDevice ? null : notMine));
  }
  return li;
}

function reportItem(item) {
  const r = item.report;
  return h('li', { class: 'rin-security-item', dataset: { testid: 'rin-security-item', section: 'reports', state: item.state } },
    h('p', {}, `You reported ${r.target.kind === 'profile' ? `@${r.target.id}` : 'content'} (${r.reason}). `, stateBadge(item)),
    h('p', { class: 'muted' }, timeEl(r.createdAt), ` · ${REPORT_STATUS[r.status] || r.status}`));
}

export function render(root) {
  let alive = true;
  let filter = 'all';
  const pagers = [];
  const state = screenState('rin-security-state');
  const alert = formAlert('rin-security-error');
  const status = statusLine('rin-security-status');
  const body = h('div', { dataset: { testid: 'rin-security' } });
  const filters = h('div', { class: 'rin-filters', role: 'group', 'aria-label': 'Show' });
  for (const [value, label] of FILTERS) {
    const button = h('button', { type: 'button', class: 'btn btn-quiet', 'aria-pressed': String(value === filter),
      dataset: { testid: `rin-security-filter-${value}` } }, label);
    button.addEventListener('click', () => {
      filter = value;
      for (const other of filters.children) other.setAttribute('aria-pressed', String(other === button));
      load();
    });
    filters.append(button);
  }
  root.append(h('a', { class: 'rin-back', href: '#/rin/profile' }, icon('back'), 'Profile'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'Security'),
    h('p', { class: 'muted' }, 'Who asked for your details, what happened to your account, and the reports you made.'),
    filters, state.el, alert.el, status.el, body);

  const drawers = { access: askItem, alerts: alertItem, reports: reportItem,
    disputes: (item, actions) => disputeItem(item, { ...actions, stateBadge }) };

  async function load() {
    state.loading();
    for (const pager of pagers.splice(0)) pager.stop();
    try {
      const [summary, ...pages] = await Promise.all([client.getSecurity(),
        ...SECTIONS.map((section) => client.listSecurityItems(section.id, filter))]);
      if (!alive) return;
      state.done();
      const reload = () => { if (alive) load(); };
      body.replaceChildren(...SECTIONS.map((section, index) => {
        const counts = summary.sections.find((s) => s.section === section.id) || { action: 0, unread: 0 };
        const draw = (item) => drawers[section.id](item, { alert, status, reload });
        const list = h('ul', { class: 'rin-security-list' }, pages[index].items.map(draw));
        const more = moreButton({ testid: `rin-security-more-${section.id}`, label: 'Show older',
          fetchPage: (cursor) => client.listSecurityItems(section.id, filter, cursor),
          show: (page) => { if (alive) list.append(...page.items.map(draw)); }, onError: (err) => alert.show(problemText(err)) });
        pagers.push(more);
        more.start(pages[index]);
        return h('section', { class: 'rin-section card', 'aria-labelledby': `rin-security-${section.id}`,
          dataset: { testid: `rin-security-section-${section.id}` } },
        h('h2', { id: `rin-security-${section.id}` }, section.title,
          counts.action ? h('span', { class: 'rin-tab-badge', dataset: { testid: 'rin-security-action-count' } }, String(counts.action)) : null,
          counts.action ? h('span', { class: 'sr-only' }, ` (${counts.action} need you)`) : null),
        pages[index].items.length ? list : h('p', { class: 'muted', dataset: { testid: 'rin-security-empty' } },
          filter === 'all' ? section.empty : 'Nothing here.'),
        more.el);
      }));
      if (summary.unread) client.markSecurityRead().catch(() => { /* counted as unread again next time */ });
    } catch (err) {
      if (alive) state.failed(err, load);
    }
  }
  const offAlert = client.onAccountAlert(() => { if (alive) load(); });
  const offAsk = client.onAskRequested(() => { if (alive) load(); });
  const offDispute = client.onDisputeChanged(() => { if (alive) load(); });
  load();
  return () => { alive = false; offAlert(); offAsk(); offDispute(); for (const pager of pagers) pager.stop(); };
}

/** The Profile tab's link to the inbox, with how many items need me. */
export function securityLink() {
  const count = h('span', { class: 'rin-tab-badge', hidden: true, dataset: { testid: 'rin-security-link-count' } });
  const link = h('a', { class: 'btn', href: '#/rin/security', dataset: { testid: 'rin-security-link' } }, icon('lock'), 'Security inbox', count);
  client.getSecurity().then((summary) => {
    count.hidden = summary.action === 0;
    count.textContent = String(summary.action);
  }, () => { /* the link works without its count */ });
  return link;
}
