// Kindred's service worker: shows push notifications and opens the app where one leads. It
// caches nothing (every page and call goes to the server as before). It lives at the site's root
// so that its scope is the whole web client.
//
// A message is the server's PushNotification JSON: { kind, title, body, route, tag? }.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null; // not ours, or damaged: still shown, as browsers require of every push
  }
  const title = typeof message?.title === 'string' ? message.title : 'Kindred';
  const options = {
    body: typeof message?.body === 'string' ? message.body : 'Something new happened.',
    icon: '/favicon.svg',
    data: { route: typeof message?.route === 'string' && message.route.startsWith('/') ? message.route : '/', kind: message?.kind },
  };
  if (typeof message?.tag === 'string' && message.tag) {
    options.tag = message.tag;
    options.renotify = true; // a replaced notification still tells the person something new came
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

// Opens the route in a Kindred window already open (the most recent one), or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const route = event.notification.data?.route || '/';
  const target = new URL(`/#${route}`, self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      return open.navigate(target).catch(() => open.postMessage({ type: 'kindred.open', route }));
    }
    return self.clients.openWindow(target);
  })());
});
