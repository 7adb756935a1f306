import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DailyBar } from '@stockseer/contract';
import { studentTCdf, studentTQuantile } from './studentT';
import { modelHitProbability, volatilityHitProbability } from './hitProbability';
import { forecastDailyVolatility } from './volatilityForecast';
import {
  CALIBRATION_PARAMS,
  calibratedHitProbability,
  coefficientsFor,
  forecastChance,
  ODDS_CLOSES,
  oddsFeatures,
  recalibrate,
} from './calibration';
import { parseCalibrationParams, type CalibrationParams } from './calibrationVintages';
import { addCalendarDays } from '../calendar';
import { closesUpTo, forecastOdds, historicalPredictions } from '../predictions/records';
import { backtest } from '../models/backtest';
import { driftModel } from '../models/baselines';

/** A deterministic wobbly price path, one bar per weekday from 2015-01-05. */
function bars(count: number, seed = 1): DailyBar[] {
  const out: DailyBar[] = [];
  let price = 100;
  let state = seed;
  const day = new Date('2015-01-05T00:00:00Z');
  while (out.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      price *= Math.exp((state / 2 ** 31 - 0.5) * 0.04);
      const date = day.toISOString().slice(0, 10);
      out.push({ date, open: price, high: price, low: price, close: price, volume: 1 });
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

describe('Student-t law', () => {
  it('matches known values', () => {
    expect(studentTCdf(0, 5)).toBeCloseTo(0.5, 12);
    expect(studentTCdf(2.015048, 5)).toBeCloseTo(0.95, 5);
    expect(studentTCdf(-1.475884, 5)).toBeCloseTo(0.1, 5);
    expect(studentTQuantile(0.9, 5)).toBeCloseTo(1.475884, 5);
    // Many degrees of freedom: the normal law.
    expect(studentTCdf(1.281552, 1e6)).toBeCloseTo(0.9, 5);
  });

  it('is an increasing CDF', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (t, d) => {
        expect(studentTCdf(t + d, 5)).toBeGreaterThanOrEqual(studentTCdf(t, 5) - 1e-12);
      }),
    );
  });
});

describe('the model own chance of a hit', () => {
  const forecast = { targetPrice: 100, lowerPrice: 90, upperPrice: 111, hitLow: 98, hitHigh: 102 };

  it('is the predictive mass over the hit range, and grows with a narrower interval', () => {
    const p = modelHitProbability(forecast);
    expect(p).toBeGreaterThan(0.1);
    expect(p).toBeLessThan(0.5);
    expect(modelHitProbability({ ...forecast, lowerPrice: 97, upperPrice: 103 })).toBeGreaterThan(p);
    expect(modelHitProbability({ ...forecast, hitLow: 120, hitHigh: 125 })).toBeLessThan(0.05);
  });

  it('is always a probability', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (target, spread, band) => {
          const p = modelHitProbability({
            targetPrice: target,
            lowerPrice: target * (1 - spread / 2),
            upperPrice: target * (1 + spread),
            hitLow: target * (1 - band),
            hitHigh: target * (1 + band),
          });
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('calibration', () => {
  const forecast = { targetPrice: 100, lowerPrice: 95, upperPrice: 105, hitLow: 98, hitHigh: 102 };

  const TODAY = '2026-11-27';
  const { vintages } = CALIBRATION_PARAMS;

  it('is the logistic map of the fitted coefficients, per time frame, XGBoost with its own', () => {
    const modelP = modelHitProbability(forecast);
    const inputs = [Math.log(0.02), Math.log(0.015), Math.log(0.012), Math.log(0.011)];
    const features = { recentVolatility: 0.3, volatilityInputs: inputs };
    const vintage = vintages.at(-1)!;
    const forecastP = volatilityHitProbability(
      forecast,
      forecastDailyVolatility(inputs, vintage.volatility.medium),
      30,
    );
    expect(forecastChance(forecast, modelP, inputs, vintage.volatility.medium, 30)).toBe(forecastP);
    for (const modelId of ['arima', 'prophet', 'xgboost'] as const) {
      const { intercept, modelLogit, forecastLogit, recentVolatility } = coefficientsFor(modelId, 'medium', TODAY);
      const z =
        intercept +
        modelLogit * Math.log(modelP / (1 - modelP)) +
        forecastLogit * Math.log(forecastP / (1 - forecastP)) +
        recentVolatility * 0.3;
      const calibration = { modelId, timeFrame: 'medium', predictionDate: TODAY } as const;
      expect(calibratedHitProbability(forecast, calibration, features)).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
    }
    expect(coefficientsFor('arima', 'long', TODAY)).toBe(vintage.coefficients.long);
    expect(coefficientsFor('xgboost', 'long', TODAY)).toBe(vintage.modelCoefficients.xgboost!.long);
    const identity = { intercept: 0, modelLogit: 1, forecastLogit: 0, recentVolatility: 0 };
    expect(recalibrate({ modelP, forecastP, recentVolatility: 0.3 }, identity)).toBeCloseTo(modelP, 12);
    // Too short a history for a volatility forecast: the model's own chance stands in for it.
    expect(forecastChance(forecast, modelP, null, vintage.volatility.medium, 30)).toBe(modelP);
  });

  it("spreads the volatility forecast over the days asked for, by default the time frame's", () => {
    const inputs = [-4, -4, -4, -4];
    const volatility = vintages.at(-1)!.volatility.short;
    const modelP = modelHitProbability(forecast);
    expect(forecastChance(forecast, modelP, inputs, volatility, 2)).toBeGreaterThan(
      forecastChance(forecast, modelP, inputs, volatility, 7),
    );
    const features = { recentVolatility: 0, volatilityInputs: inputs };
    const calibration = { modelId: 'drift', timeFrame: 'short', predictionDate: TODAY } as const;
    expect(calibratedHitProbability(forecast, { ...calibration, days: 7 }, features)).toBe(
      calibratedHitProbability(forecast, calibration, features),
    );
  });

  it('uses the vintage of the prediction date: the newest dated on or before it, the first before them all', () => {
    vintages.forEach((vintage, i) => {
      const lastDay = i + 1 < vintages.length ? addCalendarDays(vintages[i + 1]!.from, -1) : TODAY;
      for (const date of [vintage.from, lastDay]) {
        expect(coefficientsFor('drift', 'short', date)).toBe(vintage.coefficients.short);
        expect(coefficientsFor('xgboost', 'long', date)).toBe(vintage.modelCoefficients.xgboost!.long);
      }
    });
    expect(coefficientsFor('naive', 'medium', '2005-03-01')).toBe(vintages[0]!.coefficients.medium);
    // The same forecast gets the odds of its own day's fit: the vintages differ.
    const chanceOn = (predictionDate: string) =>
      calibratedHitProbability(
        forecast,
        { modelId: 'arima', timeFrame: 'medium', predictionDate },
        { recentVolatility: 0, volatilityInputs: [-4.5, -4.2, -4, -4] },
      );
    expect(chanceOn(vintages[0]!.from)).not.toBe(chanceOn(TODAY));
  });

  it('stays inside (0, 1) in every vintage, and is monotone in each chance it reads, as its coefficient signs say', () => {
    for (const { from } of vintages) {
      for (const timeFrame of ['short', 'medium', 'long'] as const) {
        fc.assert(
          fc.property(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
            (a, b, forecastP) => {
              const c = coefficientsFor(timeFrame === 'medium' ? 'xgboost' : 'arima', timeFrame, from);
              const at = (modelP: number) => recalibrate({ modelP, forecastP, recentVolatility: 0 }, c);
              const [pa, pb] = [at(a), at(b)];
              expect(pa).toBeGreaterThan(0);
              expect(pa).toBeLessThan(1);
              if (a < b) expect(Math.sign(pb - pa) * Math.sign(c.modelLogit)).toBeGreaterThanOrEqual(0);
            },
          ),
          { numRuns: 30 },
        );
      }
    }
  });

  it('the parameter file names its split and the data it was fitted on, a vintage a year after the split', () => {
    expect(CALIBRATION_PARAMS.version).toBeGreaterThan(0);
    expect(CALIBRATION_PARAMS.fittedOn.stocks).toBeGreaterThan(100);
    expect(vintages[0]!.from).toBe(addCalendarDays(CALIBRATION_PARAMS.calibrationEnd, 1));
    vintages.forEach((vintage, i) => {
      if (i > 0) expect(vintage.from).toBe(`${Number(vintages[i - 1]!.from.slice(0, 4)) + 1}${vintage.from.slice(4)}`);
      for (const timeFrame of ['short', 'medium', 'long'] as const) {
        // An expanding window: every vintage fits at least the outcomes of the one before.
        expect(vintage.forecasts[timeFrame]).toBeGreaterThan(i > 0 ? vintages[i - 1]!.forecasts[timeFrame] : 5000);
        // A chance that grows with the model's own and the volatility forecast's together: their slopes add up to
        // between 0.3 and 1.2 (below 1 pulls it toward the middle).
        for (const modelId of ['arima', 'xgboost'] as const) {
          const c = coefficientsFor(modelId, timeFrame, vintage.from);
          expect(c.modelLogit + c.forecastLogit).toBeGreaterThan(0.3);
          expect(c.modelLogit + c.forecastLogit).toBeLessThan(1.2);
        }
        // The volatility forecast: the weights of the realised volatilities add up to a persistence in (0, 1.2).
        const weights = vintage.volatility[timeFrame].weights.reduce((sum, w) => sum + w, 0);
        expect(weights).toBeGreaterThan(0);
        expect(weights).toBeLessThan(1.2);
      }
    });
  });

  it('refuses a parameter file whose first vintage is not the day after its split, with vintages out of order or a coefficient that is not a number', () => {
    const copy = () => JSON.parse(JSON.stringify(CALIBRATION_PARAMS)) as CalibrationParams;
    const late = copy();
    late.calibrationEnd = '2010-12-31';
    expect(() => parseCalibrationParams(late)).toThrow(/the day after calibrationEnd/);
    const swapped = copy();
    swapped.vintages.reverse();
    expect(() => parseCalibrationParams(swapped)).toThrow(/out of order/);
    const broken = copy() as unknown as { vintages: { coefficients: { long: { modelLogit: unknown } } }[] };
    broken.vintages[0]!.coefficients.long.modelLogit = null;
    expect(() => parseCalibrationParams(broken)).toThrow(/modelLogit/);
  });

  it('reads the last month against the band: a storm in the last 21 days is a positive feature', () => {
    const calm = bars(400).map((b) => b.close);
    const stormy = calm.map((close, i) => (i < calm.length - 21 ? close : close * (i % 2 ? 1.05 : 0.95)));
    expect(oddsFeatures(stormy).recentVolatility).toBeGreaterThan(oddsFeatures(calm).recentVolatility + 0.5);
    expect(oddsFeatures(stormy).volatilityInputs![0]).toBeGreaterThan(oddsFeatures(calm).volatilityInputs![0]! + 0.5);
    expect(oddsFeatures(calm.slice(0, 10))).toEqual({ recentVolatility: 0, volatilityInputs: null });
    // Only the last ODDS_CLOSES closes are read.
    expect(oddsFeatures([...calm.slice(0, 50).map((c) => c * 7), ...calm.slice(-ODDS_CLOSES)])).toEqual(
      oddsFeatures(calm),
    );
  });

  it('no look-ahead: prices on or after the target date, or anywhere after the prediction date, cannot change its P(hit)', () => {
    const history = bars(900);
    const originIndex = 600;
    const predictionDate = history[originIndex]!.date;
    const forecast = driftModel.forecast({ closes: history.slice(0, originIndex + 1).map((b) => b.close), horizon: 7 });
    const context = { priceAtPrediction: history[originIndex]!.close, predictionDate, timeFrame: 'short' } as const;
    const odds = (series: DailyBar[]) => forecastOdds(forecast, { ...context, bars: series });
    const base = odds(history);
    // Rewrite everything after the prediction date: a crash, then a boom.
    const rewritten = history.map((bar, i) =>
      i <= originIndex ? bar : { ...bar, close: bar.close * (i % 2 ? 0.5 : 3), high: bar.high * 3, low: bar.low * 0.5 },
    );
    expect(odds(rewritten)).toBe(base);
    expect(odds(history.slice(0, originIndex + 1))).toBe(base);
    // ...while the closes before it do count.
    const earlier = history.map((bar, i) =>
      i > originIndex - 10 && i < originIndex ? { ...bar, close: bar.close * (i % 2 ? 1.1 : 0.9) } : bar,
    );
    expect(odds(earlier)).not.toBe(base);
    // The volatility forecast reads the year before the prediction date: a storm 200 days before it counts too.
    const longAgo = history.map((bar, i) =>
      i > originIndex - 200 && i < originIndex - 150 ? { ...bar, close: bar.close * (i % 2 ? 1.1 : 0.9) } : bar,
    );
    expect(odds(longAgo)).not.toBe(base);
  });

  it('gives every back-test prediction the odds it had on its own date', () => {
    const history = bars(700, 7);
    const run = backtest(history, driftModel, 7);
    const records = historicalPredictions(run, {
      symbol: 'T',
      timeFrame: 'short',
      runId: 'r',
      now: new Date(),
      bars: history,
    });
    expect(records).toHaveLength(20);
    for (const record of records) {
      expect(record.hitProbability).toBeGreaterThan(0);
      expect(record.hitProbability).toBeLessThan(1);
      const cut = history.filter((b) => b.date <= record.predictionDate);
      expect(record.hitProbability).toBe(forecastOdds(record, { ...record, timeFrame: 'short', bars: cut }));
    }
  });
});

describe('closesUpTo', () => {
  it('takes the last closes on or before the date', () => {
    const series = bars(10);
    expect(closesUpTo(series, series[4]!.date, 3)).toEqual(series.slice(2, 5).map((b) => b.close));
    expect(closesUpTo(series, '2000-01-01', 3)).toEqual([]);
    expect(closesUpTo(series, '2100-01-01', 100)).toHaveLength(10);
  });
});
