/**
 * The split of the odds benchmark: a calibration period, whose outcomes (target dates on or before its end) are the
 * only ones the calibration is fitted on, and an evaluation period of origins strictly after that end.
 */
import { walkForwardOrigins } from '../../functions/src/domain/models/backtest';

/** Every model starts at the same origins, so the longest warm-up any model needs applies to all. */
export const FIRST_ORIGIN = 450;

export type Period = { readonly kind: 'calibration' | 'evaluation'; readonly calibrationEnd: string };

/**
 * At most `count` origins, evenly spaced, the latest as late as the period allows: for the calibration period,
 * origins whose target date (origin + horizon) is on or before its end; for the evaluation period, origins dated
 * after it whose target is inside the series.
 */
export function periodOrigins(dates: readonly string[], horizon: number, count: number, period: Period): number[] {
  let first = FIRST_ORIGIN;
  let last = dates.length - 1 - horizon;
  if (period.kind === 'calibration') {
    while (last >= first && dates[last + horizon]! > period.calibrationEnd) last -= 1;
  } else {
    while (first <= last && dates[first]! <= period.calibrationEnd) first += 1;
  }
  if (last < first) return [];
  const spacing = Math.max(1, Math.floor((last - first + 1) / count));
  return walkForwardOrigins(last + horizon + 1, horizon, count, spacing, first);
}
