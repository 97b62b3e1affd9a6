// Small browser facts the API client needs: request ids and the name of this device.

/** A random UUID. crypto.randomUUID exists only on secure origins, so fall back to getRandomValues. */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * "Chrome 131 on Windows 11", "Safari 17.4 on iPhone (iOS 17.4)": the label people see in their
 * sessions list, specific enough to tell one device from another. Uses User-Agent Client Hints
 * where the browser has them (Chromium on secure origins), which report the real OS version,
 * else the User-Agent string. Never rejects.
 */
export async function deviceLabel() {
  try {
    const hints = await navigator.userAgentData?.getHighEntropyValues?.(['platformVersion', 'fullVersionList', 'model']);
    const label = hints && labelFromHints(hints);
    if (label) return label.slice(0, 100);
  } catch { /* hints refused: the User-Agent string still says enough */ }
  return labelFromUserAgent(navigator.userAgent).slice(0, 100);
}

// Brands most specific first: Edge and Opera also list "Chromium", every Chromium lists a
// made-up "Not A;Brand" (GREASE) entry to keep parsers honest.
const BRANDS = [['Microsoft Edge', 'Edge'], ['Opera', 'Opera'], ['Brave', 'Brave'], ['Google Chrome', 'Chrome'],
  ['HeadlessChrome', 'Headless Chrome'], ['Chromium', 'Chromium']];

export function labelFromHints({ brands = [], fullVersionList, platform = '', platformVersion = '', model = '' }) {
  const list = fullVersionList?.length ? fullVersionList : brands;
  let browser = null;
  for (const [brand, name] of BRANDS) {
    const hit = list.find((b) => b.brand === brand);
    if (hit) { browser = `${name} ${major(hit.version)}`; break; }
  }
  if (!browser) return null;
  const v = platformVersion.split('.').map(Number);
  let os = platform;
  if (platform === 'Windows') os = v[0] >= 13 ? 'Windows 11' : v[0] > 0 ? 'Windows 10' : 'Windows';
  else if (platform === 'macOS' && v[0]) os = `macOS ${v[0]}.${v[1] || 0}`;
  else if (platform === 'Android') os = [v[0] ? `Android ${v[0]}` : 'Android', model && `(${model})`].filter(Boolean).join(' ');
  else if (platform === 'Chrome OS') os = 'ChromeOS';
  return os ? `${browser} on ${os}` : browser;
}

export function labelFromUserAgent(ua) {
  const version = (re) => ua.match(re)?.[1];
  const browsers = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'], [/OPR\/(\d+)/, 'Opera'], [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'], [/CriOS\/(\d+)/, 'Chrome'], [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
    [/Chromium\/(\d+)/, 'Chromium'], [/Chrome\/(\d+)/, 'Chrome'], [/Version\/(\d+(?:\.\d+)?).*Safari\//, 'Safari'],
  ];
  const found = browsers.find(([re]) => re.test(ua));
  const browser = found ? `${found[1]} ${version(found[0])}` : 'Browser';
  const dotted = (re) => version(re)?.replace(/_/g, '.').split('.').slice(0, 2).join('.');
  const windows = { '10.0': 'Windows', '6.3': 'Windows 8.1', '6.2': 'Windows 8', '6.1': 'Windows 7' };
  const ios = dotted(/(?:iPhone|CPU) OS (\d+[_.]\d+)/);
  const os = /iPhone/.test(ua) ? `iPhone${ios ? ` (iOS ${ios})` : ''}`
    : /iPad/.test(ua) ? `iPad${ios ? ` (iPadOS ${ios})` : ''}`
      : /Android/.test(ua) ? `Android ${version(/Android (\d+(?:\.\d+)?)/) || ''}`.trim()
        : /Windows NT/.test(ua) ? windows[version(/Windows NT (\d+\.\d+)/)] || 'Windows'
          : /Mac OS X/.test(ua) ? `macOS ${dotted(/Mac OS X (\d+[_.]\d+)/) || ''}`.trim()
            : /CrOS/.test(ua) ? 'ChromeOS'
              : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

const major = (v) => String(v || '').split('.')[0];
