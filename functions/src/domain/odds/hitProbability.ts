/**
 * The model's own chance of a hit, before calibration: the probability that the close on the target date lands
 * in the hit range under the model's predictive distribution. The log price on the target date follows a
 * Student-t law centred on the log target price, its scale read off the model's own 80% interval; P(hit) is its
 * mass over [ln hitLow, ln hitHigh].
 */
import { assertInvariant } from '../errors';
import { studentTCdf, studentTQuantile } from './studentT';

/** Degrees of freedom of the predictive law: the fat tails and sharp centre of multi-day stock returns. */
export const PREDICTIVE_DOF = 5;
const T90 = studentTQuantile(0.9, PREDICTIVE_DOF);
/** A Student-t law of PREDICTIVE_DOF degrees of freedom has standard deviation scale x sqrt(dof / (dof - 2)). */
const T_SD_TO_SCALE = Math.sqrt((PREDICTIVE_DOF - 2) / PREDICTIVE_DOF);

/** A forecast with its 80% interval and hit range, prices in dollars. */
export interface RangedForecast {
  readonly targetPrice: number;
  readonly lowerPrice: number;
  readonly upperPrice: number;
  readonly hitLow: number;
  readonly hitHigh: number;
}

/** P(hitLow <= close on target date <= hitHigh) under the model's predictive law, in [0, 1]. */
export function modelHitProbability(forecast: RangedForecast): number {
  const { targetPrice, lowerPrice, upperPrice, hitLow, hitHigh } = forecast;
  assertInvariant(
    targetPrice > 0 && lowerPrice > 0 && lowerPrice <= upperPrice && hitLow <= hitHigh,
    `a hit probability needs a sound forecast, got ${JSON.stringify(forecast)}`,
  );
  return predictiveMass(forecast, (Math.log(upperPrice) - Math.log(lowerPrice)) / (2 * T90));
}

/**
 * P(hit) under a Student-t law centred on the forecast's log target with the daily volatility `dailyVolatility`
 * over `days` trading days (its standard deviation dailyVolatility x sqrt(days)): the chance the volatility forecast
 * (volatilityForecast.ts) gives the model's target, whatever the model's own interval says.
 */
export function volatilityHitProbability(
  forecast: Pick<RangedForecast, 'targetPrice' | 'hitLow' | 'hitHigh'>,
  dailyVolatility: number,
  days: number,
): number {
  assertInvariant(dailyVolatility > 0 && days > 0, 'a volatility chance needs a positive volatility and horizon');
  return predictiveMass(forecast, dailyVolatility * Math.sqrt(days) * T_SD_TO_SCALE);
}

/** The predictive law's mass over [ln hitLow, ln hitHigh], centred on the log target price with log scale `scale`. */
function predictiveMass(
  { targetPrice, hitLow, hitHigh }: Pick<RangedForecast, 'targetPrice' | 'hitLow' | 'hitHigh'>,
  scale: number,
): number {
  const centre = Math.log(targetPrice);
  const at = (price: number) => (price > 0 ? Math.log(price) : -Infinity);
  if (scale === 0) return at(hitLow) <= centre && centre <= at(hitHigh) ? 1 : 0;
  const p =
    studentTCdf((at(hitHigh) - centre) / scale, PREDICTIVE_DOF) -
    studentTCdf((at(hitLow) - centre) / scale, PREDICTIVE_DOF);
  return Math.min(1, Math.max(0, p));
}
