import { useMemo } from 'react';
import type { Prediction, PredictionListQuery, Wallet } from '@stockseer/contract';
import { byTargetDateDesc } from './accuracy';
import { PREDICTION_TEXT } from './messages';
import { useErrorToast, useShowForecast } from './panelHooks';
import { PredictionList } from './PredictionList';
import { useFuturePredictions } from './predictionsApi';
import { useGeneratePrediction } from './useGeneratePrediction';

interface Props {
  uid: string;
  query: PredictionListQuery;
  onWalletChanged: (wallet: Wallet) => void;
  onForecast: (prediction?: Prediction) => void;
}

/** The user's own forecasts for the selection, and the button that makes a new one. */
export function NewPredictions({ uid, query, onWalletChanged, onForecast }: Props) {
  const onError = useErrorToast(PREDICTION_TEXT.futureFailed);
  const { data, error } = useFuturePredictions(uid, query, onError);
  const { generate, generating, generated } = useGeneratePrediction(uid, query, onWalletChanged);
  const predictions = useMemo(() => (generated ? [generated] : data && byTargetDateDesc(data)), [generated, data]);
  useShowForecast(predictions?.[0], onForecast);

  return (
    <div className="prediction-view">
      <p className="info-note">{PREDICTION_TEXT.infoNote(query.timeFrame)}</p>
      {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus to the page's top. */}
      <button
        type="button"
        className="button generate-button"
        aria-disabled={generating}
        onClick={() => !generating && void generate()}
      >
        {generating ? PREDICTION_TEXT.generating : PREDICTION_TEXT.generate}
      </button>
      {predictions ? (
        <PredictionList predictions={predictions} empty={PREDICTION_TEXT.noFuture} />
      ) : error ? (
        <p className="error-text">{PREDICTION_TEXT.futureFailed}</p>
      ) : (
        <p className="muted" aria-busy="true">
          {PREDICTION_TEXT.loading}
        </p>
      )}
    </div>
  );
}
