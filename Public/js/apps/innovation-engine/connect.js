// Connecting: the one POST both Scan and a scanned link use, and the Connect screen that a
// phone camera reaches through <server>/c/<id> (the server answers that path with index.html).
import { h } from '../../dom.js';
import { api } from '../../api.js';

const PENDING_KEY = 'kindred.ie.connect'; // sessionStorage: the code is a public id, not a secret
const CONNECT_ROUTE = '/innovation-engine/connect';

/** The name people see: display name, else username. */
export function nameOf(profile) {
  return profile?.displayName || profile?.username || 'someone';
}

/**
 * POST the code; resolves to { created, connection, message }. 201 is a new connection,
 * 200 an existing one (scanning twice is normal). Failures are ApiErrors whose `detail` is
 * already a sentence worth showing ("That is not an Innovation Engine code.").
 */
export async function connectWith(code) {
  const { status, body } = await api.post('/innovation-engine/connections', { code }, { withStatus: true });
  const created = status === 201;
  const name = nameOf(body.person);
  return { created, connection: body,
    message: created ? `You're now connected with ${name}` : `You were already connected with ${name}` };
}

/**
 * Called once at boot. If the page was opened as /c/<id>, remember the full link and swap the
 * URL for the hash route, so reloads, sign-in detours and the back button never see /c/ again.
 */
export function captureConnectLink() {
  const match = location.pathname.match(/^\/c\/([^/?#]+)\/?$/);
  if (!match) return;
  try {
    sessionStorage.setItem(PENDING_KEY, `${location.origin}/c/${match[1]}`);
  } catch { /* storage blocked: the screen below then says there is no link to use */ }
  history.replaceState(null, '', `/#${CONNECT_ROUTE}`);
}

function takePending() {
  try {
    const code = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY); // used once; a reload must not connect again
    return code;
  } catch {
    return null;
  }
}

function hasPending() {
  try { return Boolean(sessionStorage.getItem(PENDING_KEY)); } catch { return false; }
}

export function render(root, { session }) {
  const heading = h('h1', { tabindex: '-1' }, 'Connect');
  root.append(h('p', { class: 'ie-app-name' }, 'Innovation Engine'), heading);

  if (!session) {
    // Signed out: keep the code where it is and come back here after either path.
    const next = encodeURIComponent(CONNECT_ROUTE);
    root.append(
      h('p', { class: 'lead' }, hasPending()
        ? 'Someone shared their Innovation Engine code with you. Sign in or create an account to connect.'
        : 'Sign in to connect with people.'),
      h('div', { class: 'actions' },
        h('a', { class: 'btn btn-primary', href: `#/sign-up?next=${next}`, dataset: { testid: 'ie-connect-signup' } },
          'Create account'),
        h('a', { class: 'btn', href: `#/sign-in?next=${next}`, dataset: { testid: 'ie-connect-signin' } }, 'Sign in')));
    return null;
  }

  const result = h('div', { class: 'ie-result', role: 'status', 'aria-live': 'polite',
    dataset: { testid: 'ie-connect-result' } });
  const error = h('div', { class: 'alert alert-error', role: 'alert', dataset: { testid: 'ie-connect-error' } });
  const actions = h('div', { class: 'actions' },
    h('a', { class: 'btn btn-primary', href: '#/innovation-engine/network', dataset: { testid: 'ie-connect-network' } },
      'My network'),
    h('a', { class: 'btn', href: '#/innovation-engine/scan' }, 'Scan another code'));
  root.append(error, result, actions);

  let alive = true;
  const code = takePending();
  if (!code) {
    result.textContent = 'There is no connect link to use. Scan a code or paste a link instead.';
    return null;
  }
  result.textContent = 'Connecting…';
  connectWith(code).then(({ message }) => {
    if (alive) result.textContent = message;
  }, (err) => {
    if (!alive) return;
    result.textContent = '';
    error.textContent = err.detail || err.message;
    if (err.isNetworkError) {
      // Offline for a moment: put the code back so "Try again" (a reload of this route) works.
      try { sessionStorage.setItem(PENDING_KEY, code); } catch { /* nothing more to do */ }
      actions.prepend(h('button', { type: 'button', class: 'btn', onclick: () => location.reload() }, 'Try again'));
    }
  });
  return () => { alive = false; };
}
