// Innovation Engine in the web shell: three tabbed screens, My QR / Scan / Network, plus the
// Connect screen a scanned /c/<code> link lands on, all in the shell's app frame.
// The shell's router matches whole paths, so each screen is its own route entry here.
import { createAppFrame } from '../../app-frame.js';
import * as myQr from './my-qr.js';
import * as scan from './scan.js';
import * as network from './network.js';
import * as connect from './connect.js';

const BASE = '/innovation-engine';

const frame = createAppFrame({
  id: 'innovation-engine',
  name: 'Innovation Engine',
  tabs: [
    { id: 'qr', label: 'My QR', route: `${BASE}/qr`, testid: 'ie-tab-qr' },
    { id: 'scan', label: 'Scan', route: `${BASE}/scan`, testid: 'ie-tab-scan' },
    { id: 'network', label: 'Network', route: `${BASE}/network`, testid: 'ie-tab-network' },
  ],
});

const myQrPage = frame(myQr, { tab: 'qr', heading: 'My QR code' });
const scanPage = frame(scan, { tab: 'scan', heading: 'Scan a code' });
const networkPage = frame(network, { tab: 'network', heading: 'My network' });
// Not auth-only: signed out, it explains and offers sign-in / sign-up that come back here. No
// tabs, as they lead to screens only signed-in people can use.
const connectPage = frame(connect, { heading: 'Connect', tabBar: false });

export const routes = {
  [BASE]: { render: myQrPage, title: 'Innovation Engine', auth: true },
  [`${BASE}/qr`]: { render: myQrPage, title: 'My QR · Innovation Engine', auth: true },
  [`${BASE}/scan`]: { render: scanPage, title: 'Scan · Innovation Engine', auth: true },
  [`${BASE}/network`]: { render: networkPage, title: 'Network · Innovation Engine', auth: true },
  [`${BASE}/connect`]: { render: connectPage, title: 'Connect · Innovation Engine' },
};

/**
 * Before the router starts: if a phone camera opened <server>/c/<code>, keep the code and move to
 * the hash route first, so the router (and any sign-in detour) only ever sees
 * "#/innovation-engine/connect".
 */
export const boot = connect.captureConnectLink;
