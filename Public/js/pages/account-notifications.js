// The account page's "Notifications": whether this browser gets push notifications (a session
// of its own each time it is turned on), and which kinds reach any of my devices, by app. A kind
// changes on the server the moment its box is ticked, and goes back if the server refuses.
import { h } from '../dom.js';
import * as kindred from '../kindred-client.js';
import { APPS } from '../apps.js';
import { formAlert, statusLine } from '../forms.js';
import { permission, pushIsOn, pushSupported, turnOffPush, turnOnPush } from '../push.js';

const appName = (id) => APPS.find((app) => app.id === id)?.name || id;

/** The section and its cleanup: { el, cleanup }. */
export function notificationsSection() {
  const alert = formAlert('notifications-error');
  const status = statusLine('notifications-status');
  const toggle = h('button', { type: 'button', class: 'btn', dataset: { testid: 'notifications-device' }, disabled: true },
    'Turn on notifications here');
  const deviceState = h('p', { class: 'hint', dataset: { testid: 'notifications-device-state' } });
  const kindsList = h('div', { class: 'notification-kinds', dataset: { testid: 'notification-kinds' } });
  let settings = null;
  let on = false;
  let gone = false;

  function showDevice() {
    toggle.textContent = on ? 'Turn off notifications here' : 'Turn on notifications here';
    toggle.dataset.on = String(on);
    if (!pushSupported()) {
      deviceState.textContent = 'This browser can’t show notifications from websites.';
      toggle.hidden = true;
    } else if (permission() === 'denied') {
      deviceState.textContent = 'Notifications are blocked for this site in your browser’s settings.';
    } else {
      deviceState.textContent = on ? 'This browser gets notifications.' : 'This browser doesn’t get notifications.';
    }
  }

  function showKinds() {
    const byApp = new Map();
    for (const kind of settings.kinds) {
      if (!byApp.has(kind.app)) byApp.set(kind.app, []);
      byApp.get(kind.app).push(kind);
    }
    kindsList.replaceChildren(...[...byApp].map(([app, kinds]) => h('fieldset', { class: 'notification-app' },
      h('legend', {}, appName(app)),
      ...kinds.map((kind) => {
        const id = `notify-${kind.kind.replace(/[^a-z0-9-]/gi, '-')}`;
        const box = h('input', { type: 'checkbox', id, checked: kind.enabled, dataset: { testid: 'notification-kind', kind: kind.kind } });
        box.addEventListener('change', () => change(kind, box));
        return h('div', { class: 'check-row' }, box, h('label', { for: id }, kind.label));
      }))));
  }

  async function change(kind, box) {
    alert.clear();
    status.clear();
    box.disabled = true;
    try {
      settings = await kindred.updateNotificationSettings([{ kind: kind.kind, enabled: box.checked }]);
      if (gone) return;
      status.show(box.checked ? `${kind.label}: on.` : `${kind.label}: off.`);
      showKinds();
    } catch (err) {
      if (gone) return;
      box.checked = !box.checked; // as the server still has it
      box.disabled = false;
      alert.show(err.detail || err.message);
    }
  }

  toggle.addEventListener('click', async () => {
    alert.clear();
    status.clear();
    toggle.disabled = true;
    try {
      if (on) {
        await turnOffPush();
        on = false;
      } else {
        await turnOnPush(settings.webPushKey);
        on = true;
        status.show('Notifications are on for this browser.');
      }
    } catch (err) {
      if (!gone) alert.show(err.detail || err.message);
    } finally {
      if (!gone) {
        toggle.disabled = false;
        showDevice();
      }
    }
  });

  (async () => {
    try {
      const [loaded, isOn] = await Promise.all([kindred.getNotificationSettings(), pushIsOn()]);
      if (gone) return;
      settings = loaded;
      on = isOn;
      toggle.disabled = false;
      showDevice();
      showKinds();
    } catch (err) {
      if (!gone) alert.show(err.detail || err.message);
    }
  })();

  const el = h('section', { class: 'card', 'aria-labelledby': 'notifications-title', dataset: { testid: 'notifications' } },
    h('h2', { id: 'notifications-title' }, 'Notifications'),
    deviceState,
    h('div', { class: 'actions' }, toggle),
    alert.el,
    h('p', { class: 'hint' }, 'What you hear about, on every device where notifications are on:'),
    kindsList,
    status.el);
  return { el, cleanup: () => { gone = true; } };
}
