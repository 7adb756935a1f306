/**
 * The live track record (issue 12): how users' own forecasts did once resolved, per model and time frame, beside
 * the back-test. Aggregated over all users with no personal data: counts and sums only.
 */
import type { LiveTrackRecord, ModelId, Prediction, TimeFrame } from '@stockseer/contract';
import { assertInvariant } from './errors';

/** Running sums of one model and time frame; a summary is derived from them. */
export interface TrackRecordSums {
  resolved: number;
  hits: number;
  /** Resolved predictions that carry a chance of a hit (older ones do not) and the sums over them. */
  withOdds: number;
  sumPredicted: number;
  sumSquaredError: number;
}

export type TrackRecordTotals = Record<string, TrackRecordSums>;

export const trackRecordKey = (modelId: ModelId, timeFrame: TimeFrame) => `${modelId}_${timeFrame}`;

const empty = (): TrackRecordSums => ({ resolved: 0, hits: 0, withOdds: 0, sumPredicted: 0, sumSquaredError: 0 });

/** Adds one resolved user prediction to the totals (in place: totals over many pages of predictions). */
export function addToTrackRecord(
  totals: TrackRecordTotals,
  p: Pick<Prediction, 'modelId' | 'timeFrame' | 'status' | 'hitProbability' | 'predictionType'>,
): void {
  assertInvariant(
    p.predictionType === 'future' && p.status !== 'active',
    `the live track record counts resolved user predictions only, got ${p.predictionType} ${p.status}`,
  );
  const key = trackRecordKey(p.modelId, p.timeFrame);
  const sums = (totals[key] ??= empty());
  const hit = p.status === 'hit' ? 1 : 0;
  sums.resolved += 1;
  sums.hits += hit;
  if (p.hitProbability !== null) {
    sums.withOdds += 1;
    sums.sumPredicted += p.hitProbability;
    sums.sumSquaredError += (p.hitProbability - hit) ** 2;
  }
}

/** What the Past Predictions panel shows for one model and time frame. */
export function summarizeTrackRecord(sums: TrackRecordSums | undefined): LiveTrackRecord {
  const s = sums ?? empty();
  return {
    resolved: s.resolved,
    hits: s.hits,
    meanPredicted: s.withOdds === 0 ? null : s.sumPredicted / s.withOdds,
    brier: s.withOdds === 0 ? null : s.sumSquaredError / s.withOdds,
  };
}
