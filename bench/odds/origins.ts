/**
 * The split of the odds benchmark: a calibration period, whose outcomes (target dates on or before its end) are the
 * only ones the calibration is fitted on, and an evaluation period of origins strictly after that end.
 *
 * Each stock's origins are shifted by a phase of its own (a hash of its symbol), so that the stocks' forecasts fall
 * on different days. Without it every stock listed since 1999 had the same 36 evaluation dates: the outcomes of one
 * date move together with the market, and on 2026-11-27 the mean (P - hit) of the 7-day drift forecasts varied by
 * 11.9 points from one of those dates to the next, a standard error of 2 points on the calibration-in-the-large
 * that issue 24 wants within 2 (`npm run bench:odds`, 178 stocks, drift). The phase keeps each stock's origins
 * evenly spaced and inside its period, and does not depend on which other stocks are in the run.
 */
import { walkForwardOrigins } from '../../functions/src/domain/models/backtest';
import { fnv1a32 } from '../../functions/src/domain/seededRandom';

/** Every model starts at the same origins, so the longest warm-up any model needs applies to all. */
export const FIRST_ORIGIN = 450;

export type Period = { readonly kind: 'calibration' | 'evaluation'; readonly calibrationEnd: string };

/**
 * A stable fraction in [0, 1) for a symbol: 32-bit FNV-1a of its characters, then MurmurHash3's finaliser, as
 * FNV alone leaves the high bits of short, similar symbols bunched.
 */
export function originPhase(symbol: string): number {
  return stableFraction(symbol);
}

/** A stable fraction in [0, 1) for any text (the hash of originPhase). */
export function stableFraction(text: string): number {
  let hash = fnv1a32(text);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * At most `count` origins, evenly spaced: for the calibration period, origins whose target date (origin + horizon)
 * is on or before its end; for the evaluation period, origins dated after it whose target is inside the series.
 * The latest is as late as the period allows less `phase` (in [0, 1)) of the spacing.
 */
export function periodOrigins(
  dates: readonly string[],
  horizon: number,
  count: number,
  period: Period,
  phase = 0,
): number[] {
  let first = FIRST_ORIGIN;
  let last = dates.length - 1 - horizon;
  if (period.kind === 'calibration') {
    while (last >= first && dates[last + horizon]! > period.calibrationEnd) last -= 1;
  } else {
    while (first <= last && dates[first]! <= period.calibrationEnd) first += 1;
  }
  if (last < first) return [];
  const spacing = Math.max(1, Math.floor((last - first + 1) / count));
  const latest = Math.max(first, last - Math.floor(phase * spacing));
  return walkForwardOrigins(latest + horizon + 1, horizon, count, spacing, first);
}
