import { useEffect } from 'react';
import { useSWRConfig, type Cache, type State } from 'swr';

/**
 * The SWR cache, with what the signed-in user last loaded of their wallet, predictions and stocks kept in
 * localStorage (and their watchlist, their inbox, their devices with notifications on, and how their open predictions stand), so that a page loaded while
 * offline still shows it (the service worker caches the shell, never the API). Online, nothing kept is ever shown:
 * the kept answers come back only once the app finds itself offline.
 */
const STORAGE_KEY = 'stockseer-swr-cache';
/** The answers worth keeping: the caller's own, and the market data they looked at. Never the admin's lists. */
const KEPT_PATHS = [
  '/api/me',
  '/api/wallet',
  '/api/predictions/future',
  '/api/predictions/historical',
  '/api/predictions/user',
  '/api/predictions/preview',
  '/api/predictions/live-status',
  '/api/stocks',
  '/api/watchlist',
  '/api/notifications',
  '/api/push/subscriptions',
];
/** The most recent answers kept, so that the storage never grows past a few hundred kilobytes. */
const MAX_KEPT = 40;
const SAVE_DELAY_MS = 300;

/** SWR's key of an array `['/api/wallet', uid]` is `@"/api/wallet","uid",`; of a string, the string. */
function isKept(key: string): boolean {
  const path = key.startsWith('@"') ? key.slice(2, key.indexOf('"', 2)) : key.split('?')[0]!;
  return KEPT_PATHS.some((kept) => path === kept || path.startsWith(`${kept}/`));
}

/** Moves on at each sign-out: answers cached before it are never written to the storage again. */
let account = 0;

/** What the storage keeps: answers by key, the oldest first. */
function readKept(storage: Storage): [key: string, data: unknown][] {
  try {
    const entries = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as [string, unknown][];
    return entries.filter(([key]) => isKept(key));
  } catch {
    return [];
  }
}

/** A cache provider for `<SWRConfig provider>` that keeps what it is given; `storage` is the browser's but in tests. */
export function persistedCache(storage: Storage = window.localStorage): Cache {
  const map = new Map<string, State>();
  /** The account each answer was cached under. */
  const cachedUnder = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    const mine = [...map]
      .filter(([key, state]) => isKept(key) && state.data !== undefined && cachedUnder.get(key) === account)
      .map(([key, state]) => [key, state.data] as const);
    // What earlier pages kept stays, unless this page has a newer answer for it.
    const newer = new Set(mine.map(([key]) => key));
    const kept = [...readKept(storage).filter(([key]) => !newer.has(key)), ...mine].slice(-MAX_KEPT);
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or refused (private mode): the app works as before, without what it would have kept.
    }
  };
  window.addEventListener('pagehide', save);
  return {
    keys: () => map.keys(),
    get: (key) => map.get(key),
    set: (key, value) => {
      // Moved to the end: the newest answers are the ones kept.
      map.delete(key);
      map.set(key, value);
      cachedUnder.set(key, account);
      if (isKept(key) && value.data !== undefined) timer ??= setTimeout(save, SAVE_DELAY_MS);
    },
    delete: (key) => {
      map.delete(key);
    },
  };
}

/** On sign-out: nothing of this account stays in the browser's storage. */
export function forgetPersistedCache(storage: Storage = window.localStorage): void {
  account += 1;
  storage.removeItem(STORAGE_KEY);
}

/**
 * While `online` is false: the kept answers that nothing on the page has loaded yet are shown, as they were last
 * loaded. Through SWR's `mutate`, so that what is already on screen updates too; nothing is fetched.
 */
export function useKeptAnswersWhileOffline(online: boolean, storage: Storage = window.localStorage): void {
  const { cache, mutate } = useSWRConfig();
  useEffect(() => {
    if (online) return;
    for (const [key, data] of readKept(storage)) {
      if (cache.get(key)?.data === undefined) void mutate(key, data, { revalidate: false });
    }
  }, [online, cache, mutate, storage]);
}
