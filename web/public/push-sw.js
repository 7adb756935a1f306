/*
 * Web Push in the PWA's service worker (docs/product.md#web-push), imported by the one vite-plugin-pwa generates
 * (vite.config.ts, workbox.importScripts). A push carries one maintenance run's summary, encrypted for this device:
 * it is shown as a notification, and a click on it opens the screen it names in the app's window.
 */
const FALLBACK = { title: 'StockSeer', body: 'Your forecasts have news.', url: '/', tag: 'stockseer' };

/** The push's message; one that cannot be read still shows a notification (a push must always show one). */
function messageOf(data) {
  try {
    const message = data ? data.json() : {};
    return {
      title: typeof message.title === 'string' ? message.title : FALLBACK.title,
      body: typeof message.body === 'string' ? message.body : FALLBACK.body,
      url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : FALLBACK.url,
      tag: typeof message.tag === 'string' ? message.tag : FALLBACK.tag,
    };
  } catch {
    return FALLBACK;
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag } = messageOf(event.data);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        try {
          await open.focus();
          await open.navigate(target.href);
          return;
        } catch {
          // A window this worker may not steer: a new one shows the screen instead.
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
