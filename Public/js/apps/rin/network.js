// My network: the people I am linked to (both of us acted: each holds the other, or one took the
// card the other shared), how many I hold who don't hold me back, and what I may see beyond my
// links: only through those who chose to show how they connect people, as I may choose here.
import { h, timeEl } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { moreButton } from '../../paging.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { personHref } from './person.js';
import { problemText, screenState } from './state.js';

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function summary(network) {
  const twoHop = network.showing === 0
    ? 'None of your links shows how they connect people, so nobody further away is counted.'
    : network.twoHop == null
      ? `Fewer than 5 people are two links away through the ${plural(network.showing, 'link', 'links')} who show it.`
      : `${network.twoHop} people are two links away through the ${plural(network.showing, 'link', 'links')} who show it.`;
  return h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-network-summary-title' },
    h('h2', { id: 'rin-network-summary-title' }, 'At a glance'),
    h('ul', { class: 'rin-network-facts' },
      h('li', { dataset: { testid: 'rin-network-links' } },
        network.links ? `You’re linked to ${plural(network.links, 'person', 'people')}.` : 'You aren’t linked to anyone yet.'),
      network.oneWay
        ? h('li', { dataset: { testid: 'rin-network-one-way' } },
          `${plural(network.oneWay, 'person', 'people')} on Rin you hold ${network.oneWay === 1 ? 'doesn’t' : 'don’t'} hold you back yet.`)
        : null,
      h('li', { dataset: { testid: 'rin-network-two-hop' } }, twoHop)),
    h('p', { class: 'muted' }, 'You’re linked to someone when each of you holds the other in your book (by their username, or by an email address they verified), or when one of you added the card the other shared.'));
}

/** The setting: whether the people linked to me may see through me. */
function showsSetting(settings) {
  const alert = formAlert('rin-shows-error');
  const status = statusLine('rin-shows-status');
  const box = h('input', { type: 'checkbox', id: 'rin-shows-connections', checked: settings.showsConnections,
    dataset: { testid: 'rin-shows-connections' } });
  box.addEventListener('change', async () => {
    const wanted = box.checked;
    box.disabled = true;
    alert.clear();
    try {
      const saved = await client.updateSettings({ showsConnections: wanted });
      box.checked = saved.showsConnections;
      status.show(saved.showsConnections
        ? 'Your links can now see whom you connect them to, and find paths through you.'
        : 'Your links no longer see through you.');
    } catch (err) {
      box.checked = !wanted;
      alert.show(problemText(err));
    } finally {
      box.disabled = false;
    }
  });
  return h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-shows-title' },
    h('h2', { id: 'rin-shows-title' }, 'Show how I connect people'),
    h('p', { class: 'rin-check' }, box, h('label', { for: 'rin-shows-connections' }, 'Let the people I’m linked to see through me')),
    h('p', { class: 'muted' }, 'When this is on, the people you’re linked to see how many others you connect them to, count them at two hops, '
      + 'and find paths to people through you. It’s off until you turn it on.'),
    alert.el, status.el);
}

function linkRow(link) {
  const name = link.person.displayName || 'Someone on Rin';
  return h('li', { class: 'rin-link', dataset: { testid: 'rin-link-row' } },
    h('a', { href: `#${personHref(link.person.profileId)}`, class: 'rin-link-name', dataset: { testid: 'rin-link-name' } }, name),
    h('p', { class: 'muted' },
      h('span', { class: 'badge rin-badge' }, link.kind === 'card' ? 'Card' : 'Mutual'),
      // Nobody linked by hand: one of you holds the other's verified address. Said, so a link
      // nobody made on purpose is never a surprise.
      link.byEmail ? h('span', { class: 'badge rin-badge', dataset: { testid: 'rin-link-by-email' },
        title: 'One of you has the other’s verified email address in your contacts' }, 'Email') : null,
      ' Linked ', timeEl(link.since)),
    link.bridges == null ? null
      : h('p', { dataset: { testid: 'rin-link-bridges' } },
        link.bridges ? `Connects you to ${plural(link.bridges, 'other person', 'other people')}.` : 'Connects you to nobody new.'));
}

export function render(root) {
  let alive = true;
  let more = null;
  const state = screenState('rin-network-state');
  const alert = formAlert('rin-network-error');
  const body = h('div', { dataset: { testid: 'rin-network' } });
  root.append(h('a', { class: 'rin-back', href: '#/rin/score' }, icon('back'), 'Score'),
    h('h1', { tabindex: '-1', class: 'rin-title' }, 'Network'), state.el, alert.el, body);

  async function load() {
    state.loading();
    try {
      const [network, settings, links] = await Promise.all([client.getNetwork(), client.getSettings(), client.listLinks()]);
      if (!alive) return;
      state.done();
      const list = h('ul', { class: 'rin-links', dataset: { testid: 'rin-links' } }, links.items.map(linkRow));
      more?.stop();
      more = moreButton({ testid: 'rin-links-more', label: 'Show earlier links', fetchPage: client.listLinks,
        show: (page) => { if (alive) list.append(...page.items.map(linkRow)); }, onError: (err) => alert.show(problemText(err)) });
      body.replaceChildren(summary(network),
        h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-links-title' },
          h('h2', { id: 'rin-links-title' }, 'Your links'),
          links.items.length ? list : h('p', { class: 'muted', dataset: { testid: 'rin-links-empty' } },
            'Share your card link, or link a contact to their Rin profile, and ask them to do the same.'),
          more.el),
        showsSetting(settings));
      more.start(links);
    } catch (err) {
      if (alive) state.failed(err, load);
    }
  }
  load();
  return () => { alive = false; more?.stop(); };
}

/** The person page's "How you’re connected": paths through people who show it, or why none. */
export function pathsSection(profileId) {
  const body = h('div', { 'aria-busy': 'true' });
  const el = h('section', { class: 'rin-section', 'aria-labelledby': 'rin-paths-title', dataset: { testid: 'rin-paths' } },
    h('h2', { id: 'rin-paths-title' }, 'How you’re connected'), body);
  client.getPaths(profileId).then(({ paths }) => {
    if (!paths.length) {
      body.replaceChildren(h('p', { class: 'muted', dataset: { testid: 'rin-paths-none' } },
        'No connection Rin can show you: only people who show how they connect people are on a path.'));
    } else if (paths[0].via.length === 0) {
      body.replaceChildren(h('p', { dataset: { testid: 'rin-paths-linked' } }, 'You’re linked to each other.'));
    } else {
      body.replaceChildren(h('ul', { class: 'rin-paths' }, paths.map((path) => h('li', { dataset: { testid: 'rin-path' } },
        'Through ', path.via.flatMap((person, index) => [
          index ? (index === path.via.length - 1 ? ' and ' : ', ') : null,
          h('a', { href: `#${personHref(person.profileId)}` }, person.displayName || 'someone on Rin')])))));
    }
  }, (err) => {
    body.replaceChildren(h('p', { class: 'muted' }, err.status === 404 ? 'Not available.' : problemText(err)));
  }).finally(() => body.setAttribute('aria-busy', 'false'));
  return el;
}
