// Innovation Engine in the web shell: one frame (app title + tab bar) around three screens,
// My QR / Scan / Network, plus the Connect screen a scanned /c/<id> link lands on.
// The shell's router matches whole paths, so each screen is its own route entry here.
import { h } from '../../dom.js';
import * as myQr from './my-qr.js';
import * as scan from './scan.js';
import * as network from './network.js';
import * as connect from './connect.js';

export { captureConnectLink } from './connect.js';

const TABS = [
  { id: 'qr', label: 'My QR', route: '/innovation-engine/qr', screen: myQr, title: 'My QR code' },
  { id: 'scan', label: 'Scan', route: '/innovation-engine/scan', screen: scan, title: 'Scan a code' },
  { id: 'network', label: 'Network', route: '/innovation-engine/network', screen: network, title: 'My network' },
];

/**
 * The tab bar. Tabs are plain links (hash routes), not an ARIA tablist: each one is a page with
 * its own URL and history entry, so aria-current="page" is the honest semantics and Tab/Enter
 * work with no extra key handling.
 */
function tabBar(current) {
  return h('nav', { class: 'ie-tabs', 'aria-label': 'Innovation Engine' },
    h('ul', {}, TABS.map((tab) => h('li', {},
      h('a', {
        href: `#${tab.route}`, class: 'ie-tab', dataset: { testid: `ie-tab-${tab.id}` },
        'aria-current': tab.id === current ? 'page' : null,
      }, tab.label)))));
}

function frame(tab) {
  return (root, ctx) => {
    root.classList.add('ie');
    const body = h('div', { class: 'ie-screen' });
    root.append(
      h('p', { class: 'ie-app-name' }, 'Innovation Engine'),
      tabBar(tab.id),
      h('h1', { tabindex: '-1' }, tab.title),
      body);
    const cleanup = tab.screen.render(body, ctx);
    // main.js reuses <main> for every page: drop our class when leaving.
    return () => { root.classList.remove('ie'); cleanup?.(); };
  };
}

const byId = Object.fromEntries(TABS.map((t) => [t.id, t]));

export const IE_ROUTES = {
  '/innovation-engine': { render: frame(byId.qr), title: 'Innovation Engine', auth: true },
  '/innovation-engine/qr': { render: frame(byId.qr), title: 'My QR · Innovation Engine', auth: true },
  '/innovation-engine/scan': { render: frame(byId.scan), title: 'Scan · Innovation Engine', auth: true },
  '/innovation-engine/network': { render: frame(byId.network), title: 'Network · Innovation Engine', auth: true },
  // Not auth-only: signed out, it explains and offers sign-in / sign-up that come back here.
  '/innovation-engine/connect': {
    render: (root, ctx) => {
      root.classList.add('ie');
      const cleanup = connect.render(root, ctx);
      return () => { root.classList.remove('ie'); cleanup?.(); };
    },
    title: 'Connect · Innovation Engine',
  },
};
