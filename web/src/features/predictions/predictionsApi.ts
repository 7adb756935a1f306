import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  GeneratePredictionResponse,
  HistoricalPredictions,
  PredictionList,
  PredictionPreview,
  type GeneratePredictionRequest,
  type PredictionListQuery,
} from '@stockseer/contract';
import { api } from '../../lib/api';

/** Prediction lists stay fresh for 10 minutes, with no refetch on focus (docs/product.md#client-behaviour). */
const PREDICTIONS_FRESH_MS = 10 * 60_000;

const HISTORICAL_PATH = '/api/predictions/historical';
const FUTURE_PATH = '/api/predictions/future';

const queryString = ({ symbol, modelId, timeFrame }: PredictionListQuery) =>
  new URLSearchParams({ symbol, modelId, timeFrame }).toString();

/** The back-test of a model on a stock: the same for every user, so cached per symbol, model and timeframe. */
export function useHistoricalPredictions(query: PredictionListQuery, onError: () => void) {
  return useSWR(
    [HISTORICAL_PATH, query.symbol, query.modelId, query.timeFrame],
    () => api(`${HISTORICAL_PATH}?${queryString(query)}`, HistoricalPredictions),
    { dedupingInterval: PREDICTIONS_FRESH_MS, onError },
  );
}

// Keyed by user too, so that after a switch of account no one sees the previous account's predictions.
const futureKey = (uid: string, query: PredictionListQuery) =>
  [FUTURE_PATH, uid, query.symbol, query.modelId, query.timeFrame] as const;

/** The caller's own forecasts for the selection. */
export function useFuturePredictions(uid: string, query: PredictionListQuery, onError: () => void) {
  return useSWR(futureKey(uid, query), () => api(`${FUTURE_PATH}?${queryString(query)}`, PredictionList), {
    dedupingInterval: PREDICTIONS_FRESH_MS,
    onError,
  });
}

const PREVIEW_PATH = '/api/predictions/preview';

/**
 * What the next Generate click would give and cost the caller (issue 12). Not cached for long: it depends on the
 * wallet, which changes with every generate and top-up.
 */
export function usePredictionPreview(uid: string, query: PredictionListQuery) {
  return useSWR([PREVIEW_PATH, uid, query.symbol, query.modelId, query.timeFrame], () =>
    api(`${PREVIEW_PATH}?${queryString(query)}`, PredictionPreview),
  );
}

/** Drops every cached answer of `path` for this user; the one on screen is fetched again. */
function useClearUserCache(path: string, uid: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => Array.isArray(key) && key[0] === path && key[1] === uid),
    [mutate, path, uid],
  );
}

/** After generating, every preview of this user may be out of date (allowance, balance, duplicates). */
export const useClearPreviews = (uid: string) => useClearUserCache(PREVIEW_PATH, uid);

/** After generating: every cached future list of this user is stale. */
export const useClearFutureCache = (uid: string) => useClearUserCache(FUTURE_PATH, uid);

/** The caller picks the key (useGeneratePrediction): the same key never reserves a second dollar. */
export const generatePrediction = (request: GeneratePredictionRequest, idempotencyKey: string) =>
  api('/api/predictions/generate', GeneratePredictionResponse, { body: request, idempotencyKey });
