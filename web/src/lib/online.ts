import { useSyncExternalStore } from 'react';

/** What the app says while offline: one banner, and the reason on each button that moves money. */
export const OFFLINE_TEXT = {
  title: "You're offline",
  reason: 'Showing what was last loaded. It updates by itself when the connection is back.',
  moneyNeedsConnection: 'Needs a connection: forecasts and payments wait until you are back online.',
  notLoadedYet: 'Not loaded on this device yet: it shows once you are back online.',
} as const;

/** While offline, how often the API is asked whether it can be reached again. */
export const RECONNECT_PROBE_MS = 5_000;
const PROBE_PATH = '/api/health';

/**
 * Online or not. The browser's `navigator.onLine` says "offline" only when no network is there at all (and not
 * always: Chromium answers true after an offline reload), so a request that found no network counts too: the API
 * client reports it (`reportNetworkFailure`), and from then on the API is probed until it answers.
 */
let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
export const isOnline = () => browserOnline() && !unreachable;

function setUnreachable(next: boolean) {
  if (next === unreachable) return;
  unreachable = next;
  clearInterval(probe);
  probe = next ? setInterval(() => void fetch(PROBE_PATH, { cache: 'no-store' }).then(reportReachable, () => {}), RECONNECT_PROBE_MS) : undefined;
  for (const listener of listeners) listener();
}

/** A request got no answer at all (no network, or nothing reachable): the app is offline until one gets through. */
export const reportNetworkFailure = () => setUnreachable(true);
/** A request got an answer, whatever its status. */
export const reportReachable = () => setUnreachable(false);

/** Calls `onChange` when the app goes offline or comes back; returns the unsubscribe. */
export function subscribeOnline(onChange: () => void): () => void {
  const onBrowserChange = () => {
    // The browser's word that the network is back: the next request tells whether the API is reachable.
    if (browserOnline()) unreachable = false;
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('online', onBrowserChange);
  window.addEventListener('offline', onBrowserChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onBrowserChange);
    window.removeEventListener('offline', onBrowserChange);
  };
}

/** Online or not, as `isOnline` says, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
