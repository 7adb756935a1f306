/**
 * How an open prediction stands now (docs/product.md#live-status): the last close against its hit range, the
 * trading days left, the path of closes since the prediction date, and the chance of a hit now, from the same odds
 * method as at creation, conditioned on the last close and the days left. Only closes dated on or before `today`
 * (and the target date) are read, so a price not yet known never moves it.
 */
import {
  TIME_FRAME_DAYS,
  type DailyBar,
  type ForecastTerms,
  type LiveStatus,
  type Prediction,
  type TimeFrame,
} from '@stockseer/contract';
import { addCalendarDays, tradingDaysBetween } from '../calendar';
import { assertInvariant } from '../errors';
import { calibratedHitProbability, ODDS_CLOSES, oddsFeatures } from '../odds/calibration';
import type { RangedForecast } from '../odds/hitProbability';
import { closesUpTo } from './records';

/** What the live status reads of a prediction: the terms fixed when it was made. */
export type OpenPrediction = ForecastTerms & Pick<Prediction, 'id' | 'modelId' | 'timeFrame'>;

/**
 * The live status of `prediction` from the stock's `bars` (oldest first, any span), as known on `today`; undefined
 * when no close on or after the prediction date is known yet.
 */
export function liveStatus(
  prediction: OpenPrediction,
  bars: readonly Pick<DailyBar, 'date' | 'close'>[],
  today: string,
): LiveStatus | undefined {
  const asOf = today < prediction.targetDate ? today : prediction.targetDate;
  const known = bars.filter((bar) => bar.date <= asOf);
  const last = known.at(-1);
  if (!last || last.date < prediction.predictionDate) return undefined;
  const daysLeft = tradingDaysBetween(addCalendarDays(last.date, 1), prediction.targetDate).length;
  const closes = closesUpTo(known, last.date, ODDS_CLOSES);
  return {
    predictionId: prediction.id,
    lastClose: last.close,
    lastCloseDate: last.date,
    position: last.close < prediction.hitLow ? 'below' : last.close > prediction.hitHigh ? 'above' : 'inside',
    tradingDaysLeft: daysLeft,
    chanceNow: chanceNow(prediction, last, daysLeft, closes),
    path: known.filter((bar) => bar.date >= prediction.predictionDate).map(({ date, close }) => ({ date, close })),
  };
}

/**
 * The calibrated chance that the close on the target date lands in the hit range, seen from `lastClose` with
 * `daysLeft` trading days to go. The forecast's predictive law (docs/product.md#chance-of-a-hit) is carried forward
 * as a random walk: what is left of its drift (daysLeft / horizon of it) from the last close, its log-scale spread
 * shrunk by sqrt(daysLeft / horizon). That remaining forecast is calibrated like a new one of its model and of the
 * time frame closest to the days left (the calibration's overconfidence grows with the horizon), made on the last
 * close's date, with the closes up to it, its volatility forecast spread over the days left.
 * With no day left the last close is the outcome: 1 inside the hit range, 0 outside.
 */
export function chanceNow(
  prediction: OpenPrediction,
  { date: lastDate, close: lastClose }: Pick<DailyBar, 'date' | 'close'>,
  daysLeft: number,
  closesUpToLast: readonly number[],
): number {
  assertInvariant(lastClose > 0 && Number.isInteger(daysLeft) && daysLeft >= 0, 'chance now needs a close and days');
  const { hitLow, hitHigh } = prediction;
  if (daysLeft === 0) return hitLow <= lastClose && lastClose <= hitHigh ? 1 : 0;
  const share = Math.min(1, daysLeft / TIME_FRAME_DAYS[prediction.timeFrame]);
  const drift = Math.log(prediction.targetPrice / prediction.priceAtPrediction) * share;
  const halfWidth = ((Math.log(prediction.upperPrice) - Math.log(prediction.lowerPrice)) / 2) * Math.sqrt(share);
  const centre = Math.log(lastClose) + drift;
  const remaining: RangedForecast = {
    targetPrice: Math.exp(centre),
    lowerPrice: Math.exp(centre - halfWidth),
    upperPrice: Math.exp(centre + halfWidth),
    hitLow,
    hitHigh,
  };
  // Calibrated as a forecast made on the last close's date: that day's vintage, as a new prediction would be.
  const calibration = {
    modelId: prediction.modelId,
    timeFrame: calibrationTimeFrame(daysLeft),
    predictionDate: lastDate,
    days: daysLeft,
  };
  return calibratedHitProbability(remaining, calibration, oddsFeatures(closesUpToLast));
}

/** The time frame whose horizon is the first at or past `daysLeft`: its calibration fits that remaining span best. */
export function calibrationTimeFrame(daysLeft: number): TimeFrame {
  if (daysLeft <= TIME_FRAME_DAYS.short) return 'short';
  return daysLeft <= TIME_FRAME_DAYS.medium ? 'medium' : 'long';
}
