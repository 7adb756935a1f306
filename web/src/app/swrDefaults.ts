import type { SWRConfiguration } from 'swr';

/** SPEC 9 query defaults: no polling, no refetch on focus, no retry; each feature sets its own freshness. */
export const swrDefaults: SWRConfiguration = {
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
};
