// The site header: brand, and when signed in the avatar, name, live dot and account nav.
// It is built once per signed-in session and then updated in place, so a profile change
// arriving over realtime never pulls keyboard focus out from under someone.
import { currentSession } from './session.js';
import { signOut } from './auth-flows.js';
import { h } from './dom.js';
import { avatar } from './components.js';

const NAV = [
  ['/profile', 'Profile', 'nav-profile'],
  ['/sessions', 'Sessions', 'nav-sessions'],
  ['/account', 'Account', 'nav-account'],
];

/** mayLeave(): false when the page has unsaved work and the person chose to stay. */
export function createHeader(root, { mayLeave = () => true } = {}) {
  let built = null; // { sessionId, who, name, avatarSlot, avatarUrl, dot, links }
  let live = 'idle';

  function brand() {
    return h('a', { class: 'brand', href: '#/', 'aria-label': 'Kindred home' },
      h('span', { class: 'brand-mark', 'aria-hidden': 'true' }), 'Kindred');
  }

  function build(sessionId) {
    const name = h('span', { class: 'who-name', dataset: { testid: 'header-name' } });
    const avatarSlot = h('span', { class: 'who-avatar' });
    const dot = h('span', { class: 'live-dot', role: 'img', dataset: { testid: 'realtime-status' } });
    const who = h('a', { class: 'who', href: '#/profile' }, avatarSlot, name, dot);
    const links = NAV.map(([href, label, testid]) => h('a', { href: `#${href}`, dataset: { testid, route: href } }, label));
    const signOutButton = h('button', { type: 'button', class: 'linklike', dataset: { testid: 'nav-signout' } }, 'Sign out');
    signOutButton.addEventListener('click', async () => {
      if (!mayLeave()) return;
      signOutButton.disabled = true;
      signOutButton.textContent = 'Signing out…';
      // The shell's session listener then shows the signed-out home, and says so plainly if
      // the server could not be told yet.
      await signOut();
    });
    root.replaceChildren(
      h('div', { class: 'bar' }, brand(), who),
      h('nav', { class: 'nav', 'aria-label': 'Account' },
        h('ul', {}, links.map((a) => h('li', {}, a)), h('li', {}, signOutButton))),
    );
    built = { sessionId, who, name, avatarSlot, avatarUrl: undefined, dot, links };
  }

  function showLive() {
    if (!built) return;
    const on = live === 'open';
    built.dot.dataset.state = live;
    built.dot.setAttribute('aria-label', on ? 'Live updates on' : 'Live updates reconnecting');
    built.dot.title = on ? 'Live' : 'Reconnecting…';
  }

  return {
    /** Draw for the current session; `path` marks the current nav link. */
    render(path) {
      const session = currentSession();
      if (!session) {
        built = null;
        root.replaceChildren(h('div', { class: 'bar' }, brand()));
        return;
      }
      if (built?.sessionId !== session.sessionId) build(session.sessionId);
      const p = session.me.profile;
      const label = p.displayName || p.username;
      if (built.name.textContent !== label) built.name.textContent = label;
      built.who.setAttribute('aria-label', `Your profile: ${label}`);
      const url = p.avatar?.url || null;
      if (url !== built.avatarUrl) {
        built.avatarUrl = url;
        built.avatarSlot.replaceChildren(avatar(p, { size: 'sm', testid: 'header-avatar' }));
      }
      for (const a of built.links) {
        if (a.dataset.route === path) a.setAttribute('aria-current', 'page');
        else a.removeAttribute('aria-current');
      }
      showLive();
    },
    setLiveStatus(status) {
      live = status;
      showLive();
    },
  };
}
