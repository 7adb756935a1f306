import type { SWRConfiguration } from 'swr';
import { retryDelayMs } from '../lib/failedRead';
import { isOnline, subscribeOnline } from '../lib/online';
import { persistedCache } from '../lib/persistedCache';

/**
 * The query defaults (docs/product.md#client-behaviour): no polling, no refetch on focus; each feature sets its own
 * freshness. A failed read whose answer said when to ask again (Retry-After) asks again then, by itself, as often as it
 * is told to wait; any other failure waits for the screen's Retry. Offline, nothing is asked (no request fails, so no error and no toast: the offline banner says it
 * once), what was last loaded stays on screen, and on reconnecting what is shown is asked again.
 */
export const swrDefaults: SWRConfiguration = {
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
  shouldRetryOnError: true,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const delay = retryDelayMs(error);
    if (delay !== undefined) setTimeout(() => void revalidate({ retryCount }), delay);
  },
  // Asked again when the error comes: a request that found no network is then no error (lib/api.ts says so first).
  isPaused: () => !isOnline(),
  provider: () => persistedCache(),
  // "Back online" is the app's own word (lib/online.ts), not only the browser's `online` event.
  isOnline,
  initReconnect: (revalidate) =>
    subscribeOnline(() => {
      if (isOnline()) revalidate();
    }),
};
