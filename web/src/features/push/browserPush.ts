/**
 * The browser's side of Web Push (docs/product.md#web-push): whether it can show notifications, the permission, and
 * this device's push subscription, made with the server's VAPID public key through the PWA's service worker. Nothing
 * here runs until the user presses a button: no permission prompt on page load.
 */

/** Where this browser stands: it cannot push, the user blocked it, or it may (asked or not yet). */
export type PushSupport = 'unsupported' | 'blocked' | 'available';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : 'available';
}

/** The service worker's registration; it may still be installing on a first visit, so it is waited for a while. */
const WORKER_WAIT_MS = 10_000;

export class NoServiceWorker extends Error {}
export class PermissionRefused extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new NoServiceWorker('No service worker')), WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This device's subscription, if it has one (it may have been made for another account or key). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for the permission (the user pressed the button), then subscribes with `publicKey`. A subscription made with
 * another key (the server's keys were replaced) is ended and made anew: pushes signed with the new key would be refused.
 */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused(permission);
  const { pushManager } = await registration();
  const existing = await pushManager.getSubscription();
  if (existing && sameKey(existing, publicKey)) return existing;
  await existing?.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  if (!key) return true;
  return base64url(new Uint8Array(key)) === publicKey;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A device's id as the server names it: the hex SHA-256 of its endpoint. */
export async function deviceIdOf(subscription: PushSubscription): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subscription.endpoint));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
