// Push notifications on this browser: the service worker (/service-worker.js) shows them, and
// this module subscribes the browser at its push service and tells the server where to send
// (PUT /me/push-device). The server sends only to the session that registered, so a sign-out
// here (or anywhere) ends them; the subscription itself is dropped on sign-out too.
import * as kindred from './kindred-client.js';
import { onSessionChange } from './session.js';
import { timeoutMs } from './timeouts.js';

const WORKER = '/service-worker.js';

/** Whether this browser can receive push notifications at all. */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

/** 'granted', 'denied' or 'default' (not asked yet); 'unsupported' where there is no push. */
export const permission = () => (pushSupported() ? Notification.permission : 'unsupported');

/** The server's VAPID key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const sameKey = (buffer, bytes) => {
  if (!buffer) return false;
  const a = new Uint8Array(buffer);
  return a.length === bytes.length && a.every((value, i) => value === bytes[i]);
};

/** The registration of Kindred's service worker, registering it if need be. */
export async function serviceWorker() {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(WORKER, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** An Error whose message the settings page shows as it is. */
const plain = (message) => Object.assign(new Error(message), { detail: message });

/**
 * Asks for permission (if not given yet), subscribes at the browser's push service with the
 * server's key, and registers the subscription for this session. Resolves to the device.
 */
export async function turnOnPush(webPushKey) {
  if (!pushSupported()) throw plain('This browser can’t show notifications from websites.');
  const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (answer !== 'granted') {
    throw plain('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
  }
  const registration = await serviceWorker();
  const key = keyBytes(webPushKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (another server, or a new secret) would be refused.
  if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      // Chromium waits forever for a push service it cannot reach (no network, a blocked host).
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs('pushSubscribeMs'));
      });
      try {
        subscription = await Promise.race([
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), late]);
      } finally {
        clearTimeout(timer);
      }
    } catch (err) {
      throw plain(`This browser’s push service could not be reached, so notifications can’t be turned on here (${err.message}).`);
    }
  }
  const { endpoint, keys } = subscription.toJSON();
  return kindred.registerPushDevice({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}

/** Stops notifications to this browser, on the server and at the push service. */
export async function turnOffPush() {
  await kindred.deletePushDevice();
  await dropSubscription();
}

async function dropSubscription() {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/** Whether notifications are on for this browser's session (its device is registered). */
export async function pushIsOn() {
  try {
    await kindred.getPushDevice();
    return true;
  } catch (err) {
    if (err.status === 404) return false;
    throw err;
  }
}

// Whoever signs in next on this browser starts without the last person's subscription: best
// effort, since the server already stopped sending when the session ended.
// Not on 'expired' (a refresh that failed, perhaps only for want of a network).
const ENDED = new Set(['signed-out', 'signed-out-pending', 'revoked', 'deleted', 'password-reset']);
onSessionChange((session, reason) => {
  if (!session && ENDED.has(reason)) dropSubscription().catch(() => {});
});

// A notification clicked while a Kindred page was open that the worker could not steer (one
// opened before the worker was installed): the worker asks the page to go where it leads.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('message', (event) => {
    const route = event.data?.type === 'kindred.open' ? event.data.route : null;
    if (typeof route === 'string' && route.startsWith('/')) window.location.hash = `#${route}`;
  });
  navigator.serviceWorker.startMessages();
}
