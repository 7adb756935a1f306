import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DailyBar } from '@stockseer/contract';
import { studentTCdf, studentTQuantile } from './studentT';
import { modelHitProbability } from './hitProbability';
import { baselineOutcomes, calibratedHitProbability, hitCalibration, CALIBRATION_TRUST } from './calibration';
import { forecastOdds, historicalPredictions } from '../predictions/records';
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

describe('walk-forward calibration', () => {
  const forecast = { targetPrice: 100, lowerPrice: 95, upperPrice: 105, hitLow: 98, hitHigh: 102 };

  it('pulls the model toward the base rate by the time frame trust, fully only with many outcomes', () => {
    const modelP = modelHitProbability(forecast);
    const many = { timeFrame: 'long', baseRate: 0.3, outcomes: 1e9 } as const;
    expect(calibratedHitProbability(forecast, many)).toBeCloseTo(0.3 + CALIBRATION_TRUST.long * (modelP - 0.3), 6);
    const none = { timeFrame: 'long', baseRate: null, outcomes: 0 } as const;
    expect(calibratedHitProbability(forecast, none)).toBe(modelP);
    const few = calibratedHitProbability(forecast, { ...many, outcomes: 5 });
    expect(Math.abs(few - modelP)).toBeLessThan(Math.abs(calibratedHitProbability(forecast, many) - modelP));
  });

  it('uses only outcomes whose target date is before the prediction date', () => {
    const outcomes = [
      { targetDate: '2020-01-02', hit: true },
      { targetDate: '2020-01-03', hit: false },
      { targetDate: '2020-01-06', hit: false },
    ];
    expect(hitCalibration(outcomes, 'short', '2020-01-03')).toMatchObject({ baseRate: 1, outcomes: 1 });
    expect(hitCalibration(outcomes, 'short', '2020-01-07')).toMatchObject({ baseRate: 1 / 3, outcomes: 3 });
  });

  it('no look-ahead: prices after the prediction date cannot change its chance of a hit', () => {
    const history = bars(900);
    const originIndex = 600;
    const predictionDate = history[originIndex]!.date;
    const forecast = driftModel.forecast({ closes: history.slice(0, originIndex + 1).map((b) => b.close), horizon: 7 });
    const context = { priceAtPrediction: history[originIndex]!.close, predictionDate, timeFrame: 'short' } as const;
    const odds = (series: DailyBar[]) =>
      forecastOdds(forecast, { ...context, outcomes: baselineOutcomes(series, 'short') });
    const base = odds(history);
    // Rewrite everything after the prediction date: a crash, then a boom.
    const rewritten = history.map((bar, i) =>
      i <= originIndex ? bar : { ...bar, close: bar.close * (i % 2 ? 0.5 : 3), high: bar.high * 3, low: bar.low * 0.5 },
    );
    expect(odds(rewritten)).toBe(base);
    expect(odds(history.slice(0, originIndex + 1))).toBe(base);
    // ...while the outcomes before it do count.
    const earlier = history.map((bar, i) =>
      i < originIndex - 50 && i > 300 ? { ...bar, close: bar.close * 1.3 } : bar,
    );
    expect(odds(earlier)).not.toBe(base);
  });

  it('gives every back-test prediction the odds it had on its own date', () => {
    const history = bars(700, 7);
    const run = backtest(history, driftModel, 7);
    const outcomes = baselineOutcomes(history, 'short');
    const records = historicalPredictions(run, {
      symbol: 'T',
      timeFrame: 'short',
      runId: 'r',
      now: new Date(),
      outcomes,
    });
    expect(records).toHaveLength(20);
    for (const record of records) {
      expect(record.hitProbability).toBeGreaterThan(0);
      expect(record.hitProbability).toBeLessThan(1);
      const cut = history.filter((b) => b.date <= record.predictionDate);
      expect(record.hitProbability).toBe(
        forecastOdds(record, { ...record, timeFrame: 'short', outcomes: baselineOutcomes(cut, 'short') }),
      );
    }
  });
});
