// The Connect screen a phone camera reaches through <server>/c/<code> (the server answers that
// path with index.html): it says whose link it is and connects only when asked
// (confirm-connect.js). Signed out, it keeps the link and comes back here after sign-in.
import { h } from '../../dom.js';
import { avatar } from '../../components.js';
import * as client from './client.js';
import { codeFrom, createConnectFlow, nameOf } from './confirm-connect.js';

// sessionStorage: this tab only, and only until the person connects or cancels. The code lets
// whoever holds it ask to connect, so it is not kept any longer than that.
const PENDING_KEY = 'kindred.innovation-engine.connect';
const CONNECT_ROUTE = '/innovation-engine/connect';

/**
 * Called once at boot. If the page was opened as /c/<code>, remember the full link and swap the
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

function pending() {
  try { return sessionStorage.getItem(PENDING_KEY); } catch { return null; }
}

function forgetPending() {
  try { sessionStorage.removeItem(PENDING_KEY); } catch { /* nothing kept, nothing to forget */ }
}

export function render(root, { session }) {
  if (!session) {
    // Signed out: keep the code where it is and come back here after either path. The code is its
    // own permission, so whose it is can be shown before sign-in (limited per address).
    const next = encodeURIComponent(CONNECT_ROUTE);
    const link = pending();
    const lead = h('p', { class: 'lead', dataset: { testid: 'ie-connect-signed-out' } }, link
      ? 'Someone shared their Innovation Engine link with you. Sign in or create an account to connect.'
      : 'Sign in to connect with people.');
    const who = h('div', { class: 'innovation-engine-confirm-slot' });
    root.append(who, lead,
      h('div', { class: 'actions' },
        h('a', { class: 'btn btn-primary', href: `#/sign-up?next=${next}`, dataset: { testid: 'ie-connect-signup' } },
          'Create account'),
        h('a', { class: 'btn', href: `#/sign-in?next=${next}`, dataset: { testid: 'ie-connect-signin' } }, 'Sign in')));
    const code = link && codeFrom(link);
    if (code) {
      client.previewCode(code)
        .then(({ person }) => {
          const name = nameOf(person);
          who.replaceChildren(h('section', { class: 'card innovation-engine-confirm', dataset: { testid: 'ie-connect-owner' } },
            h('div', { class: 'innovation-engine-confirm-who' },
              avatar(person, { size: 'lg', testid: 'ie-connect-owner-avatar' }),
              h('div', { class: 'innovation-engine-confirm-text' },
                h('h2', {}, `${name} wants to connect`),
                h('p', { class: 'muted' }, `@${person.username}`)))));
          lead.textContent = `${name} shared their Innovation Engine link with you. Sign in or create an account to connect.`;
        })
        .catch((err) => {
          // A replaced code is worth saying now; anything else (offline) leaves the general words.
          if (err.status === 404) lead.textContent = 'This link no longer works. Ask its owner for their current QR code or link.';
        });
    }
    return null;
  }

  const result = h('div', { class: 'innovation-engine-result', role: 'status', 'aria-live': 'polite',
    dataset: { testid: 'ie-connect-result' } });
  const error = h('div', { class: 'alert alert-error', role: 'alert', dataset: { testid: 'ie-connect-error' } });
  const actions = h('div', { class: 'actions' },
    h('a', { class: 'btn btn-primary', href: '#/innovation-engine/network', dataset: { testid: 'ie-connect-network' } },
      'My network'),
    h('a', { class: 'btn', href: '#/innovation-engine/scan' }, 'Scan a code'));
  const retry = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'ie-connect-retry' } },
    'Try again');
  actions.prepend(retry);
  const flow = createConnectFlow({
    showResult: (text) => { result.textContent = text; if (text) error.textContent = ''; },
    showError: (text) => { error.textContent = text; result.textContent = ''; },
    onEnd: ({ reason, error: err }) => {
      // Keep the link only while another try could work (offline, no answer, rate limited).
      const later = reason === 'error' && (err?.isNetworkError || err?.status === 429);
      if (!later) forgetPending();
      retry.hidden = !later;
      actions.hidden = false;
    },
  });
  retry.addEventListener('click', () => {
    const again = pending();
    if (!again) return;
    retry.hidden = true;
    actions.hidden = true;
    error.textContent = '';
    flow.start(again);
  });
  actions.hidden = true;
  root.append(error, flow.el, result, actions);

  const link = pending();
  if (!link) {
    result.textContent = 'There is no connect link to use. Scan a code or paste a link instead.';
    actions.hidden = false;
    return null;
  }
  flow.start(link);
  return () => flow.stop();
}
