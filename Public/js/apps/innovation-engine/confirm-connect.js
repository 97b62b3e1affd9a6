// Before connecting, show whose code it is: "Connect with Tess?" with their photo (or initials)
// and name, and Connect / Cancel. Scan (camera or pasted link) and the Connect screen a shared
// link opens both go through here, so a code can't connect anyone without being seen first.
import { h } from '../../dom.js';
import { avatar } from '../../components.js';
import { currentSession } from '../../session.js';
import * as client from './client.js';

/** The name people see: display name, else username. */
export function nameOf(profile) {
  return profile?.displayName || profile?.username || 'someone';
}

/**
 * The code in a scanned link (`…/c/<code>`, from any origin) or a pasted bare code, or null when
 * the text can't be one. Mirrors the server's reading, so garbage is answered without a request.
 */
export function codeFrom(raw) {
  let text = String(raw || '').trim();
  const at = text.indexOf('/c/');
  if (at >= 0) text = text.slice(at + 3);
  text = text.split(/[?#/]/)[0];
  return /^[A-Za-z0-9_-]{16,64}$/.test(text) ? text : null;
}

const NOT_A_CODE = 'That is not an Innovation Engine code. Paste the whole link, or the code under the QR.';
const CODE_GONE = 'This code no longer works. Its owner may have made a new one: ask them for their current QR code or link.';

/** Failures as sentences for this screen; a 404 means the code was never real or was replaced. */
function problemText(err) {
  if (err.status === 404) return CODE_GONE;
  return err.detail || err.message;
}

/**
 * The flow, drawn into `el`: start(raw) checks the code, shows who it is, and connects only on
 * Connect. Reports through showResult(text) (a success or "already connected"), showError(text),
 * onAsk(person) when the question is on screen, and onEnd({ connected, reason }) when the person
 * connected, cancelled or the code failed. busy() is true while the server is being asked.
 */
export function createConnectFlow({ showResult, showError, onAsk = () => {}, onEnd = () => {} }) {
  const el = h('div', { class: 'innovation-engine-confirm-slot' });
  let run = 0; // a newer start() or cancel() makes an older one's answers moot
  let busy = false;

  function end(outcome) {
    busy = false;
    onEnd(outcome);
  }

  async function start(raw) {
    const mine = ++run;
    const code = codeFrom(raw);
    el.replaceChildren();
    if (!code) {
      showError(NOT_A_CODE);
      end({ connected: false, reason: 'invalid' });
      return;
    }
    busy = true;
    el.replaceChildren(h('p', { class: 'muted', role: 'status', dataset: { testid: 'ie-confirm-checking' } }, 'Checking the code…'));
    let preview;
    try {
      preview = await client.previewCode(code);
    } catch (err) {
      if (mine !== run) return;
      el.replaceChildren();
      showError(problemText(err));
      end({ connected: false, reason: err.status === 404 ? 'gone' : 'error', error: err });
      return;
    }
    if (mine !== run) return;
    const { person, connected } = preview;
    if (person.id === currentSession()?.me.profile.id) {
      el.replaceChildren();
      showError('That is your own code. Scan a friend’s code to connect with them.');
      end({ connected: false, reason: 'own' });
      return;
    }
    if (connected) {
      el.replaceChildren();
      showResult(`You're already connected with ${nameOf(person)}`);
      end({ connected: true, created: false, person });
      return;
    }
    busy = false;
    el.replaceChildren(card(person, code, mine));
    el.querySelector('[data-testid="ie-confirm-connect"]').focus();
    onAsk(person);
  }

  function card(person, code, mine) {
    const name = nameOf(person);
    const connect = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'ie-confirm-connect' } }, 'Connect');
    const cancel = h('button', { type: 'button', class: 'btn', dataset: { testid: 'ie-confirm-cancel' } }, 'Cancel');
    const titleId = `innovation-engine-confirm-title-${mine}`;
    const box = h('section', { class: 'card innovation-engine-confirm', 'aria-labelledby': titleId, dataset: { testid: 'ie-confirm' } },
      h('div', { class: 'innovation-engine-confirm-who' },
        avatar(person, { size: 'lg', testid: 'ie-confirm-avatar' }),
        h('div', { class: 'innovation-engine-confirm-text' },
          h('h2', { id: titleId, dataset: { testid: 'ie-confirm-name' } }, `Connect with ${name}?`),
          h('p', { class: 'muted' }, `@${person.username}`))),
      person.bio ? h('p', { class: 'innovation-engine-confirm-bio' }, person.bio) : null,
      h('div', { class: 'actions' }, connect, cancel));

    connect.addEventListener('click', async () => {
      busy = true;
      connect.disabled = true;
      cancel.disabled = true;
      connect.textContent = 'Connecting…';
      try {
        const { created } = await client.createConnection(code);
        if (mine !== run) return;
        el.replaceChildren();
        showResult(created ? `You're now connected with ${name}` : `You're already connected with ${name}`);
        end({ connected: true, created, person });
      } catch (err) {
        if (mine !== run) return;
        if (err.isNetworkError) { // offline for a moment: the card stays, Connect works again
          busy = false;
          connect.disabled = false;
          cancel.disabled = false;
          connect.textContent = 'Try again';
          showError(problemText(err));
          return;
        }
        el.replaceChildren();
        showError(problemText(err));
        end({ connected: false, reason: err.status === 404 ? 'gone' : 'error', error: err });
      }
    });
    cancel.addEventListener('click', () => {
      run += 1;
      el.replaceChildren();
      showResult('');
      end({ connected: false, reason: 'cancelled', person });
    });
    return box;
  }

  return {
    el,
    start,
    busy: () => busy,
    stop() { run += 1; },
  };
}
