import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../functions/src/domain/calendar';
import type { EvaluatedForecast, EvaluationResult } from '../models/evaluate';
import { foldFits, heldOutForecasts, stockFold } from './folds';
import { calibrationMethod } from './oddsMethods';
import { APP_INPUTS } from './vintages';
import type { PriceInputs, VolatilitySample } from './volatilityFit';

const END = '2011-12-31';
const SYMBOLS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH', 'III', 'JJJ', 'KKK', 'LLL'];
const FOLDS = 3;

/** Forecasts of one stock, model and horizon every 20 days from 2006 to 2014, outcomes from a seeded generator. */
function result(symbol: string, horizon: number, seed: number): EvaluationResult {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const forecasts: EvaluatedForecast[] = [];
  for (let day = 0; day < 3000; day += 20) {
    const predictionDate = addCalendarDays('2006-01-02', day);
    const width = 0.05 + 0.2 * random();
    const move = (random() - 0.5) * 0.3;
    forecasts.push({
      origin: day,
      predictionDate,
      targetDate: addCalendarDays(predictionDate, horizon * 1.4),
      hitProbability: null,
      modelProbability: 0.2 + 0.5 * random(),
      recentVolatility: random() - 0.5,
      previousProbability: null,
      priceAtPrediction: 100,
      actualPrice: 100 * Math.exp(move),
      forecast: { targetPrice: 100, lowerPrice: 100 * Math.exp(-width), upperPrice: 100 * Math.exp(width) },
    });
  }
  return { symbol, modelId: 'drift', horizon, forecasts, failures: [] };
}

const results = SYMBOLS.flatMap((symbol, i) => [7, 30, 90].map((h) => result(symbol, h, 11 * i + h)));
/** Volatility samples of every stock and horizon, weekly, and inputs that differ by stock and date. */
const prices: PriceInputs = {
  volatility: SYMBOLS.flatMap((symbol, s) =>
    Array.from({ length: 450 }, (_, week): VolatilitySample[] =>
      [7, 30, 90].map((horizon) => {
        const year = Math.log(0.01 + 0.001 * s + 0.005 * Math.sin(week / 20) ** 2);
        return {
          symbol,
          horizon,
          targetDate: addCalendarDays('2006-01-02', 7 * week),
          inputs: [year + Math.sin(week), year + Math.cos(week) / 2, year + Math.sin(week / 3) / 4, year],
          realised: 0.2 + 0.9 * year + 0.1 * Math.sin(week * s),
        };
      }),
    ).flat(),
  ),
  inputsAt: (symbol, date) => {
    const x = Math.log(0.01 + 0.001 * (symbol.charCodeAt(0) - 65) + 0.0001 * (Date.parse(date) % 97));
    return [x + 0.3, x + 0.1, x, x - 0.1];
  },
};
const method = calibrationMethod(END, prices, APP_INPUTS);

describe('held-out folds', () => {
  it('puts a stock in the same fold whatever else is in the run, and spreads the stocks over the folds', () => {
    expect(stockFold('AAPL', 4)).toBe(stockFold('AAPL', 4));
    const counts = new Array<number>(4).fill(0);
    for (let i = 0; i < 400; i++) counts[stockFold(`S${i}`, 4)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(70);
  });

  it("never fits a fold on its own stocks: a held-out stock's outcomes move other folds' parameters, not its own", () => {
    const held = SYMBOLS[0]!;
    const fold = stockFold(held, FOLDS);
    const other = (fold + 1) % FOLDS;
    // Every outcome of the held-out stock turned into a hit, on both sides of the calibration end.
    const changed = results.map((r) =>
      r.symbol !== held ? r : { ...r, forecasts: r.forecasts.map((f) => ({ ...f, actualPrice: f.priceAtPrediction })) },
    );
    const before = foldFits(results, FOLDS, method).map((f) => f.params);
    const after = foldFits(changed, FOLDS, method).map((f) => f.params);
    expect(after[fold]).toEqual(before[fold]);
    expect(after[other]).not.toEqual(before[other]);
    // And its prices: the volatility forecast of its fold is fitted on the other folds' stocks alone.
    const calmer = {
      ...prices,
      volatility: prices.volatility.map((v) => (v.symbol === held ? { ...v, realised: v.realised - 1 } : v)),
    };
    const priced = foldFits(results, FOLDS, calibrationMethod(END, calmer, APP_INPUTS)).map((f) => f.params);
    expect(priced[fold]).toEqual(before[fold]);
    expect(priced[other]).not.toEqual(before[other]);
  });

  it('scores every evaluation-period forecast once, with its own fold, and no calibration-period one', () => {
    const scored = heldOutForecasts(results, FOLDS, method, END);
    const expected = results.flatMap((r) => r.forecasts.filter((f) => f.predictionDate > END));
    expect(scored).toHaveLength(expected.length);
    for (const f of scored) {
      expect(f.fold).toBe(stockFold(f.stock, FOLDS));
      expect(f.originDate > END).toBe(true);
      expect(f.p).toBeGreaterThan(0);
      expect(f.p).toBeLessThan(1);
    }
  });
});
