import type { Prediction } from '@stockseer/contract';

/** Green at 60% or more, yellow from 40%, red below (docs/product.md#predictions-tab). */
export const ACCURACY_THRESHOLDS = { good: 60, fair: 40 } as const;
export type AccuracyLevel = 'good' | 'fair' | 'poor';

/**
 * A hit rate in percent, rounded to the 1 decimal it is shown with; null when nothing is resolved yet. Computed in
 * integers (hits × 1000 / resolved) so that 3 of 5 is exactly 60, not 59.99999.
 */
export function hitRatePercent(hits: number, resolved: number): number | null {
  return resolved > 0 ? Math.round((hits * 1000) / resolved) / 10 : null;
}

/** The badge's level, judged on the number the badge shows so that colour and number never disagree. */
export function accuracyLevel(percent: number): AccuracyLevel {
  if (percent >= ACCURACY_THRESHOLDS.good) return 'good';
  if (percent >= ACCURACY_THRESHOLDS.fair) return 'fair';
  return 'poor';
}

/** `65.0%`: one decimal (docs/product.md#dates-and-formatting). */
export const formatHitRate = (percent: number) => `${percent.toFixed(1)}%`;

/**
 * Hits out of resolved predictions: active ones have no outcome yet and count for nothing
 * (docs/product.md#past-predictions).
 */
export function accuracyOf(predictions: readonly Pick<Prediction, 'status'>[]) {
  const hits = predictions.filter((p) => p.status === 'hit').length;
  const resolved = hits + predictions.filter((p) => p.status === 'missed').length;
  return { hits, resolved, percent: hitRatePercent(hits, resolved) };
}

/**
 * Newest target first (docs/product.md#predictions-tab), then the newest made first. ISO dates and instants compare as
 * strings.
 */
export function byTargetDateDesc<P extends Pick<Prediction, 'targetDate' | 'createdAt'>>(
  predictions: readonly P[],
): P[] {
  return [...predictions].sort(
    (a, b) => b.targetDate.localeCompare(a.targetDate) || b.createdAt.localeCompare(a.createdAt),
  );
}
