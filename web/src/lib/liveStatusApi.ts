import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { LiveStatusList, type LiveStatus } from '@stockseer/contract';
import { api } from './api';

const PATH = '/api/predictions/live-status';
/** Closes change once a trading day: a few minutes fresh is plenty (docs/product.md#client-behaviour). */
const LIVE_STATUS_FRESH_MS = 5 * 60_000;

/**
 * How each open prediction of the user stands now, by prediction id: one request for every card and History row
 * (docs/product.md#live-status). Keyed by user, like every list of the user's own. A failure shows no status, and
 * the cards stay as they were.
 */
export function useLiveStatuses(uid: string): ReadonlyMap<string, LiveStatus> {
  const { data } = useSWR([PATH, uid], () => api(PATH, LiveStatusList), { dedupingInterval: LIVE_STATUS_FRESH_MS });
  return useMemo(() => new Map((data ?? []).map((status) => [status.predictionId, status])), [data]);
}

/** After a generate: the new open prediction has a live status too. */
export function useRefreshLiveStatuses(uid: string): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate([PATH, uid]), [mutate, uid]);
}
