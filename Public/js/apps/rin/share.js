// The profile's share link: its QR code to scan from another phone, the link to copy, and a new
// link when the old one went too far (it stops working at once). Whoever holds the link sees the
// profile's card and may add it to their book; it is the only way to reach an alternate.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { svgNode } from '../../svg-node.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { problemText } from './state.js';

export function shareSection(profile) {
  let alive = true;
  const qr = h('div', { class: 'rin-share-qr', dataset: { testid: 'rin-share-qr' }, 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Loading your link…'));
  const linkInput = h('input', { type: 'text', readonly: true, class: 'rin-share-link', 'aria-label': 'Share link',
    dataset: { testid: 'rin-share-link' } });
  const copy = h('button', { type: 'button', class: 'btn', disabled: true, dataset: { testid: 'rin-share-copy' } }, 'Copy link');
  const renew = h('button', { type: 'button', class: 'btn btn-quiet', disabled: true, dataset: { testid: 'rin-share-renew' } }, 'New link');
  const alert = formAlert('rin-share-error');
  const status = statusLine('rin-share-status');
  const el = h('section', { class: 'rin-section card', 'aria-labelledby': 'rin-share-title', dataset: { testid: 'rin-share' } },
    h('h2', { id: 'rin-share-title' }, 'Share this profile'),
    h('p', { class: 'muted' }, `Whoever scans or opens this link sees ${profile.displayName} as your Public circle shows it and can add it to their contacts.`),
    qr, linkInput, h('div', { class: 'actions' }, copy, renew), alert.el, status.el);

  function show(link) {
    const svg = svgNode(link.svg);
    if (svg) {
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', `QR code of ${profile.displayName}’s share link`);
      svg.setAttribute('focusable', 'false');
      qr.replaceChildren(svg);
    } else {
      qr.replaceChildren(h('p', { class: 'muted' }, 'The QR picture could not be shown; the link below still works.'));
    }
    qr.setAttribute('aria-busy', 'false');
    linkInput.value = link.link;
    copy.disabled = false;
    renew.disabled = false;
  }

  client.getShareLink(profile.id).then((link) => { if (alive) show(link); },
    (err) => { if (alive) { qr.setAttribute('aria-busy', 'false'); qr.replaceChildren(); alert.show(problemText(err)); } });

  copy.addEventListener('click', async () => {
    status.clear();
    try {
      await navigator.clipboard.writeText(linkInput.value);
      status.show('Copied.');
    } catch {
      // No clipboard (an insecure origin, or refused): hand the person a selection instead.
      linkInput.focus();
      linkInput.select();
      status.show('Link selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  });

  renew.addEventListener('click', async () => {
    if (!window.confirm('Make a new link? The current link and QR code stop working at once. Contacts people already added stay.')) return;
    renew.disabled = true;
    alert.clear();
    status.clear();
    try {
      await client.revokeShareLink(profile.id);
      const link = await client.getShareLink(profile.id);
      if (!alive) return;
      show(link);
      status.show('Here is your new link. The old one no longer works.');
    } catch (err) {
      if (alive) alert.show(problemText(err));
    } finally {
      if (alive) renew.disabled = false;
    }
  });

  return { el, stop: () => { alive = false; } };
}
