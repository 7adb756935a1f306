import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { Watchlist, WatchlistAlertChange, WatchlistSymbols } from '@stockseer/contract';
import { api } from '../../lib/api';

const PATH = '/api/watchlist';
/** Closes and prepared forecasts change once a day: a few minutes fresh is plenty. */
const WATCHLIST_FRESH_MS = 5 * 60_000;

// Keyed by user, so that after a switch of account no one sees the previous account's stars.
const watchlistKey = (uid: string) => [PATH, uid] as const;

/** The user's starred stocks with their last close, day change and today's chances (docs/product.md#watchlist). */
export function useWatchlist(uid: string) {
  return useSWR(watchlistKey(uid), ([path]) => api(path, Watchlist), { dedupingInterval: WATCHLIST_FRESH_MS });
}

/** Stars or unstars a stock, then fetches the watchlist again (its rows come with prices the star does not carry). */
export function useToggleStar(uid: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (symbol: string, starred: boolean) => {
      await api(`${PATH}/${starred ? 'unstar' : 'star'}`, WatchlistSymbols, { body: { symbol } });
      await mutate(watchlistKey(uid));
    },
    [mutate, uid],
  );
}

/** Sets or turns off a star's alert, then fetches the watchlist again. */
export function useSetAlert(uid: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (symbol: string, atLeastPercent: number | null) => {
      await api(`${PATH}/alert`, WatchlistAlertChange, { body: { symbol, atLeastPercent } });
      await mutate(watchlistKey(uid));
    },
    [mutate, uid],
  );
}
