/**
 * The fit of the volatility forecast (functions/src/domain/odds/volatilityForecast.ts): per horizon, an ordinary
 * least-squares regression of the log realised volatility over the h trading days after an origin on the logs of the
 * realised volatility over the windows before it, on every stock's origins every few days (prices alone: no model
 * needs to run), each fit reading only the origins whose target date is before its vintage's date.
 */
import {
  logRealisedVolatility,
  realisedVolatilityInputs,
  VOLATILITY_CLOSES,
  type VolatilityCoefficients,
} from '../../functions/src/domain/odds/volatilityForecast';
import { assertInvariant } from '../../functions/src/domain/errors';
import type { PriceHistory } from '../lib/marketData';

/** One origin of one stock and horizon: the inputs known on it and the log realised volatility that followed. */
export interface VolatilitySample {
  readonly symbol: string;
  readonly horizon: number;
  readonly targetDate: string;
  readonly inputs: readonly number[];
  readonly realised: number;
}

/** Origins every `step` trading days from the first with a year of returns before it. */
export function volatilitySamples(
  histories: readonly PriceHistory[],
  horizons: readonly number[],
  step = 5,
): VolatilitySample[] {
  return histories.flatMap(({ symbol, dates, closes }) =>
    horizons.flatMap((horizon) => {
      const out: VolatilitySample[] = [];
      for (let origin = VOLATILITY_CLOSES - 1; origin + horizon < closes.length; origin += step) {
        const inputs = realisedVolatilityInputs(closes.slice(origin + 1 - VOLATILITY_CLOSES, origin + 1))!;
        const after: number[] = [];
        for (let i = origin + 1; i <= origin + horizon; i++) after.push(Math.log(closes[i]! / closes[i - 1]!));
        out.push({
          symbol,
          horizon,
          targetDate: dates[origin + horizon]!,
          inputs,
          realised: logRealisedVolatility(after),
        });
      }
      return out;
    }),
  );
}

/** Solves the normal equations X'X b = X'y by Gaussian elimination (a handful of columns). */
export function leastSquares(rows: readonly (readonly number[])[], y: readonly number[]): number[] {
  const width = rows[0]!.length + 1;
  const a = Array.from({ length: width }, () => new Array<number>(width + 1).fill(0));
  rows.forEach((row, n) => {
    const x = [1, ...row];
    for (let i = 0; i < width; i++) {
      for (let j = 0; j < width; j++) a[i]![j]! += x[i]! * x[j]!;
      a[i]![width]! += x[i]! * y[n]!;
    }
  });
  for (let col = 0; col < width; col++) {
    let pivot = col;
    for (let r = col + 1; r < width; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    assertInvariant(Math.abs(a[col]![col]!) > 1e-12, 'least squares on collinear inputs');
    for (let r = 0; r < width; r++) {
      if (r === col) continue;
      const factor = a[r]![col]! / a[col]![col]!;
      for (let k = col; k <= width; k++) a[r]![k]! -= factor * a[col]![k]!;
    }
  }
  return a.map((row, i) => row[width]! / row[i]!);
}

/** The coefficients of one horizon for predictions from `from` on: fitted on the samples whose target is before it. */
export function fitVolatility(
  samples: readonly VolatilitySample[],
  horizon: number,
  from: string,
): VolatilityCoefficients & { weights: number[] } {
  const known = samples.filter((s) => s.horizon === horizon && s.targetDate < from);
  assertInvariant(known.length > 10, () => `too few volatility samples before ${from} at ${horizon} days`);
  const [intercept, ...weights] = leastSquares(
    known.map((s) => s.inputs),
    known.map((s) => s.realised),
  );
  return { intercept: intercept!, weights };
}

/** The volatility forecast's inputs of a stock on a date, from its closes up to that date. */
export type VolatilityInputsAt = (symbol: string, date: string) => readonly number[] | null;

/** What the fit reads of the prices: the volatility samples of every stock and each forecast's inputs. */
export interface PriceInputs {
  readonly volatility: readonly VolatilitySample[];
  readonly inputsAt: VolatilityInputsAt;
}

export function priceInputs(histories: readonly PriceHistory[], horizons: readonly number[]): PriceInputs {
  const bySymbol = new Map(histories.map((h) => [h.symbol, { ...h, index: new Map(h.dates.map((d, i) => [d, i])) }]));
  const cache = new Map<string, readonly number[] | null>();
  return {
    volatility: volatilitySamples(histories, horizons),
    inputsAt: (symbol, date) => {
      const key = `${symbol} ${date}`;
      if (!cache.has(key)) {
        const history = bySymbol.get(symbol);
        const index = history?.index.get(date);
        assertInvariant(history !== undefined && index !== undefined, () => `no close of ${symbol} on ${date}`);
        // The closes up to the date only: the app's window (ODDS_CLOSES), nothing after.
        cache.set(
          key,
          realisedVolatilityInputs(history.closes.slice(Math.max(0, index + 1 - VOLATILITY_CLOSES), index + 1)),
        );
      }
      return cache.get(key)!;
    },
  };
}
