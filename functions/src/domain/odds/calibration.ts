/**
 * Calibrating the chance of a hit, walk-forward: only outcomes known before the prediction date count
 * (docs/product.md#chance-of-a-hit).
 *
 * A model's own P(hit) is too sure of itself in both directions: it reads the spread from recent volatility, and
 * volatility reverts to its usual level, so a calm spell's high odds and a storm's low odds both overshoot. The
 * calibration pulls it toward the stock's back-tested hit rate for the horizon:
 *   P = baseRate + trust * (modelP - baseRate).
 * The base rate comes from a walk-forward back-test of the drift baseline on the same stock and horizon, one origin
 * every `OUTCOME_SPACING` trading days: it needs no model fit (cheap on a request path), and every forecast model is
 * anchored to the same last close and shares the drift's volatility band (domain/models), so its outcomes are
 * those of the forecasts being calibrated. Only outcomes whose target date is strictly before the prediction date
 * count, so a price that was not yet known can never move the odds.
 */
import type { DailyBar, TimeFrame } from '@stockseer/contract';
import { TIME_FRAME_DAYS } from '@stockseer/contract';
import { driftModel } from '../models/baselines';
import { hitRange, resolveOutcome } from '../predictions/hitRule';
import { modelHitProbability, type RangedForecast } from './hitProbability';

/** Trading days between the origins of the drift back-test: a week, so a few years give hundreds of outcomes. */
export const OUTCOME_SPACING = 5;

/**
 * How much of the model's departure from the base rate to keep, per time frame: the slope of observed hits on the
 * model's P(hit) measured once on a calibration period strictly before every benchmarked origin (1999 to 2011,
 * docs/model-accuracy.md). Longer horizons keep less: over 90 days volatility has more time to revert.
 */
export const CALIBRATION_TRUST: Record<TimeFrame, number> = { short: 0.8, medium: 0.65, long: 0.6 };

/** With few outcomes the base rate is noise: it gets full say only past this many (a pseudo-count prior). */
export const BASE_RATE_PRIOR_OUTCOMES = 20;

/** One resolved origin of the drift back-test: when its outcome became known, and whether it hit. */
export interface BaselineOutcome {
  readonly targetDate: string;
  readonly hit: boolean;
}

/**
 * The drift baseline's walk-forward outcomes on `bars` (oldest first), each fitted on the closes up to its origin.
 * Compute once per series; `hitCalibration` picks the ones known before each prediction date.
 */
export function baselineOutcomes(bars: readonly DailyBar[], timeFrame: TimeFrame): BaselineOutcome[] {
  const horizon = TIME_FRAME_DAYS[timeFrame];
  const closes = bars.map((bar) => bar.close);
  const outcomes: BaselineOutcome[] = [];
  for (let origin = driftModel.minCloses - 1; origin + horizon < bars.length; origin += OUTCOME_SPACING) {
    const forecast = driftModel.forecast({ closes: closes.slice(0, origin + 1), horizon });
    const range = hitRange(closes[origin]!, forecast.targetPrice, timeFrame);
    outcomes.push({
      targetDate: bars[origin + horizon]!.date,
      hit: resolveOutcome(range, closes[origin + horizon]!) === 'hit',
    });
  }
  return outcomes;
}

export interface HitCalibration {
  readonly timeFrame: TimeFrame;
  /** Share of hits among the known outcomes; null when none is known yet. */
  readonly baseRate: number | null;
  readonly outcomes: number;
}

/** The calibration for a prediction made on `predictionDate`: outcomes with a target date strictly before it. */
export function hitCalibration(
  outcomes: readonly BaselineOutcome[],
  timeFrame: TimeFrame,
  predictionDate: string,
): HitCalibration {
  const known = outcomes.filter((o) => o.targetDate < predictionDate);
  const hits = known.filter((o) => o.hit).length;
  return { timeFrame, baseRate: known.length === 0 ? null : hits / known.length, outcomes: known.length };
}

/** The calibrated chance of a hit, in [0, 1]. Without known outcomes, the model's own probability. */
export function calibratedHitProbability(forecast: RangedForecast, calibration: HitCalibration): number {
  const modelP = modelHitProbability(forecast);
  const { baseRate, outcomes, timeFrame } = calibration;
  if (baseRate === null) return modelP;
  // Few outcomes: trust the model more, as the base rate it would be pulled toward is itself uncertain.
  const evidence = outcomes / (outcomes + BASE_RATE_PRIOR_OUTCOMES);
  const trust = 1 - evidence * (1 - CALIBRATION_TRUST[timeFrame]);
  return Math.min(1, Math.max(0, baseRate + trust * (modelP - baseRate)));
}
