import type { HistoricalPredictions } from '@stockseer/contract';
import { ExplainedText } from '../../components/ExplainedText';
import { accuracyLevel, accuracyOf, formatHitRate, hitRatePercent } from './accuracy';
import { PREDICTION_TEXT } from './messages';
import { ODDS_TEXT } from './oddsText';

/**
 * 'X out of Y predictions hit target', the accuracy badge and, beside it, how the naive "no change" and drift forecasts
 * did on the same dates (docs/product.md#past-predictions): a model is only worth paying for if it beats doing nothing.
 */
export function AccuracySummary({
  predictions,
  naiveBaseline,
  driftBaseline,
}: Omit<HistoricalPredictions, 'liveTrackRecord'>) {
  const { hits, resolved, percent } = accuracyOf(predictions);
  const naive = hitRatePercent(naiveBaseline.hits, naiveBaseline.resolved);
  const drift = hitRatePercent(driftBaseline.hits, driftBaseline.resolved);
  return (
    <div className="accuracy-summary">
      <p className="accuracy-count">{PREDICTION_TEXT.hitSummary(hits, resolved)}</p>
      {percent !== null && (
        <span className={`accuracy-badge accuracy-${accuracyLevel(percent)}`}>
          {PREDICTION_TEXT.accuracy(formatHitRate(percent))}
        </span>
      )}
      {naive !== null && (
        <ExplainedText
          className="naive-baseline"
          text={PREDICTION_TEXT.naiveBaseline(formatHitRate(naive))}
          explanation={PREDICTION_TEXT.naiveBaselineHint}
          question={PREDICTION_TEXT.naiveBaselineQuestion}
        />
      )}
      {drift !== null && (
        <ExplainedText
          className="naive-baseline"
          text={ODDS_TEXT.driftBaseline(formatHitRate(drift))}
          explanation={ODDS_TEXT.driftBaselineHint}
          question={ODDS_TEXT.driftBaselineQuestion}
        />
      )}
    </div>
  );
}
