// My QR: my connect code large enough to scan from another phone, my name under it, ways to
// share the link (copy) or the picture (PNG download), and a way to replace the code when it
// was shared too widely (the old QR and link stop working).
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { currentSession } from '../../session.js';
import { svgNode } from '../../svg-node.js';
import * as client from './client.js';

export function render(root) {
  const me = currentSession()?.me.profile;
  const qr = h('div', { class: 'innovation-engine-qr', dataset: { testid: 'ie-qr' }, 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Loading your code…'));
  const name = h('p', { class: 'innovation-engine-qr-name', dataset: { testid: 'ie-qr-name' } }, me?.displayName || me?.username || '');
  const linkInput = h('input', { id: 'innovation-engine-link', type: 'text', readonly: true, class: 'innovation-engine-link',
    dataset: { testid: 'ie-link' }, spellcheck: 'false', autocomplete: 'off' });
  const copy = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'ie-copy' }, disabled: true },
    'Copy link');
  const download = h('button', { type: 'button', class: 'btn', dataset: { testid: 'ie-download' }, disabled: true },
    'Download PNG');
  const rotate = h('button', { type: 'button', class: 'btn', dataset: { testid: 'ie-rotate' }, disabled: true },
    'Get a new code');
  const status = statusLine('ie-qr-status');
  const alert = formAlert('ie-qr-error');
  let alive = true;
  let objectUrl = null;

  root.append(
    h('p', { class: 'lead' }, 'Let a friend scan this code with their phone camera to connect with you.'),
    alert.el,
    h('div', { class: 'card innovation-engine-qr-card' }, qr, name),
    h('div', { class: 'field' }, h('label', { for: 'innovation-engine-link' }, 'Your connect link'), linkInput),
    h('div', { class: 'actions' }, copy, download),
    status.el,
    h('section', { class: 'innovation-engine-rotate', 'aria-labelledby': 'innovation-engine-rotate-title' },
      h('h2', { id: 'innovation-engine-rotate-title' }, 'Shared it too widely?'),
      h('p', { class: 'muted' }, 'Get a new code and the old QR code and link stop working. People you’re already '
        + 'connected with stay connected.'),
      rotate));

  function showCode(code) {
    const svg = svgNode(code.svg);
    if (svg) {
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', 'QR code of your connect link');
      svg.setAttribute('focusable', 'false');
      qr.replaceChildren(svg);
    } else {
      qr.replaceChildren(h('p', { class: 'muted' }, 'The QR picture could not be shown; the link below still works.'));
    }
    qr.setAttribute('aria-busy', 'false');
    linkInput.value = code.link;
    copy.disabled = false;
    download.disabled = false;
    rotate.disabled = false;
  }

  function load() {
    client.getCode().then((code) => {
      if (alive) showCode(code);
    }, (err) => {
      if (!alive) return;
      qr.replaceChildren(h('button', { type: 'button', class: 'btn', dataset: { testid: 'ie-qr-retry' }, onclick: () => {
        alert.clear();
        qr.replaceChildren(h('p', { class: 'muted' }, 'Loading your code…'));
        load();
      } }, 'Try again'));
      qr.setAttribute('aria-busy', 'false');
      alert.show(err.detail || err.message);
    });
  }
  load();

  rotate.addEventListener('click', async () => {
    const ok = window.confirm('Get a new code? Your current QR code and link stop working at once, including '
      + 'any you have printed or sent. People you’re already connected with stay connected.');
    if (!ok) return;
    rotate.disabled = true;
    alert.clear();
    status.clear();
    try {
      const code = await client.rotateCode();
      if (!alive) return;
      showCode(code);
      status.show('Here is your new code. The old QR code and link no longer work.');
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      rotate.disabled = false;
    }
  });

  copy.addEventListener('click', async () => {
    status.clear();
    try {
      await navigator.clipboard.writeText(linkInput.value);
      status.show('Copied');
    } catch {
      // No clipboard API (insecure origin) or permission refused: hand the person a selection.
      linkInput.focus();
      linkInput.select();
      status.show('Link selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  });

  download.addEventListener('click', async () => {
    // The PNG needs the bearer token, so a plain <a href> can't fetch it: fetch it ourselves.
    download.disabled = true;
    alert.clear();
    try {
      const blob = await client.getCodePng();
      if (!alive) return;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = URL.createObjectURL(blob);
      const a = h('a', { href: objectUrl, download: 'kindred-qr.png', class: 'sr-only', dataset: { testid: 'ie-download-link' } },
        'kindred-qr.png');
      root.append(a);
      a.click();
      a.remove();
      status.show('Downloaded kindred-qr.png');
    } catch (err) {
      if (alive) alert.show(err.detail || err.message);
    } finally {
      download.disabled = false;
    }
  });

  return () => {
    alive = false;
    // Revoke a little later: the browser may still be reading it for a download just started.
    if (objectUrl) setTimeout(URL.revokeObjectURL, 10_000, objectUrl);
  };
}
