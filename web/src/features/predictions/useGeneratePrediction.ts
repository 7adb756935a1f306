import { useCallback, useState } from 'react';
import type { Prediction, PredictionListQuery, Wallet } from '@stockseer/contract';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';
import { PREDICTION_TEXT } from './messages';
import { generatePrediction, useClearFutureCache } from './predictionsApi';

const sameQuery = (a: PredictionListQuery, b: PredictionListQuery) =>
  a.symbol === b.symbol && a.modelId === b.modelId && a.timeFrame === b.timeFrame;

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

  const generate = useCallback(async () => {
    setGenerating(true);
    try {
      const { prediction, wallet } = await generatePrediction(query);
      setLatest({ query, prediction });
      onWalletChanged(wallet);
      void clearFutureCache();
      toast({ title: PREDICTION_TEXT.successTitle, description: PREDICTION_TEXT.generated });
    } catch (error) {
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
