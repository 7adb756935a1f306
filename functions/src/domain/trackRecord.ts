/**
 * The live track record (issue 12, issue 24): how users' own forecasts did once resolved, per model and time frame,
 * beside the back-test, with the reliability chart's deciles. Aggregated over all users with no personal data:
 * counts and sums only. Each forecast is added once, when it resolves (adapters/firestore/trackRecord.ts).
 */
import {
  addOutcome,
  emptyOutcomeSums,
  MODEL_LABELS,
  summarizeOutcomes,
  TimeFrame,
  TRACK_RECORD_MIN_RESOLVED,
  type ModelId,
  type OutcomeSums,
  type Prediction,
  type PublicTrackRecordRow,
  type TrackRecordSummary,
} from '@stockseer/contract';
import { assertInvariant } from './errors';
import { FORECAST_MODEL_IDS } from './models/types';

/** Sums per `trackRecordKey`. */
export type TrackRecordTotals = Record<string, OutcomeSums>;

export const trackRecordKey = (modelId: ModelId, timeFrame: TimeFrame) => `${modelId}_${timeFrame}`;

/** What the track record needs of a resolved forecast. */
export type CountedForecast = Pick<Prediction, 'modelId' | 'timeFrame' | 'status' | 'hitProbability'>;

/** Adds one resolved forecast to the totals (in place: totals over many pages of predictions). */
export function addToTrackRecord(totals: TrackRecordTotals, p: CountedForecast): void {
  assertInvariant(
    p.status === 'hit' || p.status === 'missed',
    `the track record counts resolved forecasts only, got ${p.status}`,
  );
  addOutcome(
    (totals[trackRecordKey(p.modelId, p.timeFrame)] ??= emptyOutcomeSums()),
    p.hitProbability,
    p.status === 'hit',
  );
}

/** The totals of some resolved forecasts: what one settlement adds to the live record. */
export function trackRecordOf(forecasts: readonly CountedForecast[]): TrackRecordTotals {
  const totals: TrackRecordTotals = {};
  for (const p of forecasts) addToTrackRecord(totals, p);
  return totals;
}

/** Figures only from `TRACK_RECORD_MIN_RESOLVED` resolved forecasts on: fewer say too little and may reveal one. */
const shown = (sums: OutcomeSums | undefined): TrackRecordSummary | null =>
  sums && sums.resolved >= TRACK_RECORD_MIN_RESOLVED ? summarizeOutcomes(sums) : null;

/** The public track record's rows: every model a user can pick, every time frame, back-tested and live. */
export function publicTrackRecordRows(live: TrackRecordTotals, backtest: TrackRecordTotals): PublicTrackRecordRow[] {
  return FORECAST_MODEL_IDS.flatMap((modelId) =>
    TimeFrame.options.map((timeFrame) => {
      const key = trackRecordKey(modelId, timeFrame);
      return {
        modelId,
        modelName: MODEL_LABELS[modelId],
        timeFrame,
        backtest: shown(backtest[key]),
        live: shown(live[key]),
      };
    }),
  );
}
