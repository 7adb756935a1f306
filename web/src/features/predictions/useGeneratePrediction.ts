import { useCallback, useState } from 'react';
import type { Prediction, PredictionListQuery, Wallet } from '@stockseer/contract';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';
import { useRefreshLiveStatuses } from '../../lib/liveStatusApi';
import { PREDICTION_TEXT } from './messages';
import { generatePrediction, useClearFutureCache, useClearPreviews } from './predictionsApi';

const sameQuery = (a: PredictionListQuery, b: PredictionListQuery) =>
  a.symbol === b.symbol && a.modelId === b.modelId && a.timeFrame === b.timeFrame;

/**
 * The answers in which generate itself decided that nothing was made: bad input, no such stock, not enough money,
 * no forecast possible. Any other failure (no answer, 5xx, 401 for a token that could not be refreshed, 409 still
 * processing, 429) leaves open whether an earlier attempt with the same key went through.
 */
const REFUSED_BY_GENERATE = new Set([400, 402, 404, 422]);
const settlesTheKey = (error: unknown) => error instanceof ApiError && REFUSED_BY_GENERATE.has(error.status);

/**
 * The Idempotency-Key of a generate whose outcome is not known yet, per user and request. Module state, not
 * component state: it outlives switching to Past and back, so the retry still finds the first attempt's prediction
 * instead of reserving a second dollar.
 */
const unsettledKeys = new Map<string, string>();
const requestKey = (uid: string, q: PredictionListQuery) => [uid, q.symbol, q.modelId, q.timeFrame].join('|');

/**
 * After generating (docs/product.md#predictions-tab), the list on screen is the one returned prediction (until the
 * selection changes), the wallet is refreshed with the one the server returned, and every cached future list is
 * cleared.
 */
export function useGeneratePrediction(
  uid: string,
  query: PredictionListQuery,
  onWalletChanged: (wallet: Wallet) => void,
) {
  const { toast } = useToast();
  const clearFutureCache = useClearFutureCache(uid);
  const clearPreviews = useClearPreviews(uid);
  const refreshLiveStatuses = useRefreshLiveStatuses(uid);
  const [generating, setGenerating] = useState(false);
  const [latest, setLatest] = useState<{ query: PredictionListQuery; prediction: Prediction; duplicate: boolean }>();
  const generate = useCallback(async () => {
    setGenerating(true);
    // A new key per prediction; the same one again while the last attempt's outcome is unknown.
    const slot = requestKey(uid, query);
    const key = unsettledKeys.get(slot) ?? crypto.randomUUID();
    unsettledKeys.set(slot, key);
    try {
      const { prediction, wallet, duplicate } = await generatePrediction(query, key);
      unsettledKeys.delete(slot);
      setLatest({ query, prediction, duplicate });
      void clearPreviews();
      // One forecast, one charge: asking again made nothing and moved no money; the panel says so beside the card.
      if (duplicate) return;
      onWalletChanged(wallet);
      void clearFutureCache();
      // The new open prediction gets its live status at once.
      refreshLiveStatuses();
      toast({ title: PREDICTION_TEXT.successTitle, description: PREDICTION_TEXT.generated });
    } catch (error) {
      if (settlesTheKey(error)) unsettledKeys.delete(slot);
      // The server's message (e.g. insufficient funds) when there is one (docs/product.md#ui-texts).
      const description = error instanceof ApiError && error.message ? error.message : PREDICTION_TEXT.generateFailed;
      toast({ title: PREDICTION_TEXT.errorTitle, description, variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  }, [uid, query, onWalletChanged, clearFutureCache, clearPreviews, refreshLiveStatuses, toast]);

  const current = latest && sameQuery(latest.query, query) ? latest : undefined;
  return { generate, generating, generated: current?.prediction, duplicate: current?.duplicate ?? false };
}
