import { useCallback, useRef, useState } from 'react';
import type { Prediction, PredictionListQuery, Wallet } from '@stockseer/contract';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';
import { PREDICTION_TEXT } from './messages';
import { generatePrediction, useClearFutureCache } from './predictionsApi';

const sameQuery = (a: PredictionListQuery, b: PredictionListQuery) =>
  a.symbol === b.symbol && a.modelId === b.modelId && a.timeFrame === b.timeFrame;

/**
 * Whether a failed generate may still have happened on the server: no answer at all, a 5xx (e.g. the database went
 * away after the commit), or 409 (the same key still being processed). A 4xx otherwise says nothing was done.
 */
const mayHaveHappened = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status === 409;

/**
 * SPEC 4, Generating: afterwards the list on screen is the one returned prediction (until the selection changes),
 * the wallet is refreshed with the one the server returned, and every cached future list is cleared.
 */
export function useGeneratePrediction(
  uid: string,
  query: PredictionListQuery,
  onWalletChanged: (wallet: Wallet) => void,
) {
  const { toast } = useToast();
  const clearFutureCache = useClearFutureCache(uid);
  const [generating, setGenerating] = useState(false);
  const [latest, setLatest] = useState<{ query: PredictionListQuery; prediction: Prediction }>();
  // A new Idempotency-Key per prediction, but the same one when retrying a request that may have gone through, so
  // the retry answers with that prediction instead of reserving a second dollar.
  const unsettled = useRef<{ query: PredictionListQuery; key: string }>(undefined);

  const generate = useCallback(async () => {
    setGenerating(true);
    const retry = unsettled.current && sameQuery(unsettled.current.query, query) ? unsettled.current : undefined;
    const key = retry?.key ?? crypto.randomUUID();
    unsettled.current = undefined;
    try {
      const { prediction, wallet } = await generatePrediction(query, key);
      setLatest({ query, prediction });
      onWalletChanged(wallet);
      void clearFutureCache();
      toast({ title: PREDICTION_TEXT.successTitle, description: PREDICTION_TEXT.generated });
    } catch (error) {
      if (mayHaveHappened(error)) unsettled.current = { query, key };
      // SPEC 8: the server's message (e.g. insufficient funds) when there is one.
      const description = error instanceof ApiError && error.message ? error.message : PREDICTION_TEXT.generateFailed;
      toast({ title: PREDICTION_TEXT.errorTitle, description, variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  }, [query, onWalletChanged, clearFutureCache, toast]);

  const generated = latest && sameQuery(latest.query, query) ? latest.prediction : undefined;
  return { generate, generating, generated };
}
