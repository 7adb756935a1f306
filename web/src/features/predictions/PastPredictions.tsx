import { useMemo } from 'react';
import {
  MODEL_CHOICE_NAMES,
  outcomeSumsOf,
  summarizeOutcomes,
  TIME_FRAME_DAYS,
  TIME_FRAME_LABELS,
  TRACK_RECORD_MIN_RESOLVED,
  type HistoricalPredictions,
  type ForecastTerms,
  type PredictionListQuery,
} from '@stockseer/contract';
import { ReliabilityChart } from '../../components/ReliabilityChart';
import { RELIABILITY_TEXT } from '../../components/reliabilityText';
import { byTargetDateDesc } from './accuracy';
import { AccuracySummary } from './AccuracySummary';
import { LiveTrackRecordBadge } from './LiveTrackRecordBadge';
import { PREDICTION_TEXT } from './messages';
import { useErrorToast, useShowForecast } from './panelHooks';
import { PredictionList } from './PredictionList';
import { useHistoricalPredictions } from './predictionsApi';

interface Props {
  query: PredictionListQuery;
  onForecast: (forecast?: ForecastTerms) => void;
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
      {predictions.length > 0 && <Reliability query={query} data={data} />}
      <PredictionList predictions={predictions} empty={PREDICTION_TEXT.noPast} />
    </div>
  );
}

/**
 * Issue 24: the chosen model's stated chances against how often they hit, on this stock's back-test and in users'
 * own forecasts of the model and time frame (all stocks), once enough of those have resolved.
 */
function Reliability({ query, data }: { query: PredictionListQuery; data: HistoricalPredictions }) {
  const series = useMemo(() => {
    const live = data.liveTrackRecord;
    return [
      {
        name: PREDICTION_TEXT.reliabilityBacktest(query.symbol),
        phrase: PREDICTION_TEXT.reliabilityBacktestPhrase(query.symbol),
        summary: summarizeOutcomes(outcomeSumsOf(data.predictions)),
      },
      {
        name: PREDICTION_TEXT.reliabilityLive,
        phrase: RELIABILITY_TEXT.livePhrase,
        summary: live.resolved >= TRACK_RECORD_MIN_RESOLVED ? live : null,
      },
    ];
  }, [data, query.symbol]);
  return (
    <ReliabilityChart
      title={RELIABILITY_TEXT.titleOf(MODEL_CHOICE_NAMES[query.modelId], TIME_FRAME_LABELS[query.timeFrame])}
      series={series}
    />
  );
}
