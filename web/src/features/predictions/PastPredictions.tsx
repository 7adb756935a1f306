import { useMemo } from 'react';
import { MODEL_CHOICE_NAMES, TIME_FRAME_DAYS, type Prediction, type PredictionListQuery } from '@stockseer/contract';
import { byTargetDateDesc } from './accuracy';
import { AccuracySummary } from './AccuracySummary';
import { LiveTrackRecordBadge } from './LiveTrackRecordBadge';
import { PREDICTION_TEXT } from './messages';
import { useErrorToast, useShowForecast } from './panelHooks';
import { PredictionList } from './PredictionList';
import { useHistoricalPredictions } from './predictionsApi';

interface Props {
  query: PredictionListQuery;
  onForecast: (prediction?: Prediction) => void;
}

/** The model's back-test on this stock: its accuracy, the naive baseline beside it, and each past forecast. */
export function PastPredictions({ query, onForecast }: Props) {
  const onError = useErrorToast(PREDICTION_TEXT.historicalFailed);
  const { data, error } = useHistoricalPredictions(query, onError);
  const predictions = useMemo(() => data && byTargetDateDesc(data.predictions), [data]);
  useShowForecast(predictions?.[0], onForecast);

  if (!data || !predictions) {
    return error ? (
      <p className="error-text">{PREDICTION_TEXT.historicalFailed}</p>
    ) : (
      <p className="muted" aria-busy="true">
        {PREDICTION_TEXT.loading}
      </p>
    );
  }
  return (
    <div className="prediction-view">
      <p className="muted prediction-intro">
        {PREDICTION_TEXT.pastIntro(MODEL_CHOICE_NAMES[query.modelId], TIME_FRAME_DAYS[query.timeFrame])}
      </p>
      {predictions.length > 0 && (
        <div className="accuracy-row">
          <AccuracySummary
            predictions={predictions}
            naiveBaseline={data.naiveBaseline}
            driftBaseline={data.driftBaseline}
          />
          <LiveTrackRecordBadge record={data.liveTrackRecord} />
        </div>
      )}
      <PredictionList predictions={predictions} empty={PREDICTION_TEXT.noPast} />
    </div>
  );
}
