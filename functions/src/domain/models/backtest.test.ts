import type { DailyBar } from '@stockseer/contract';
import ARIMA from 'arima';
import { describe, expect, it } from 'vitest';
import { createArimaModel } from './arima';
import { BACKTEST_ORIGINS, backtest, originSpacing, walkForwardOrigins } from './backtest';
import { driftModel } from './baselines';
import { sp500DailyBars } from './testing/sp500';
import type { ForecastInput, ForecastModel } from './types';

const allBars = sp500DailyBars();
const bars = allBars.slice(0, 1500);

describe('walkForwardOrigins', () => {
  it('takes the most recent origins whose target exists, spaced apart, oldest first', () => {
    expect(walkForwardOrigins(100, 7, 3, 5, 0)).toEqual([82, 87, 92]);
    expect(walkForwardOrigins(100, 7, 30, 5, 80)).toEqual([82, 87, 92]);
  });

  it('spaces origins by half the horizon, at least five trading days', () => {
    expect([7, 30, 90].map(originSpacing)).toEqual([5, 15, 45]);
  });
});

describe('backtest', () => {
  it('gives 20 points, each with the bar dates and closes at its origin and target', () => {
    const result = backtest(bars, driftModel, 30);
    expect(result.points).toHaveLength(BACKTEST_ORIGINS);
    expect(result.naive).toHaveLength(BACKTEST_ORIGINS);
    const last = result.points.at(-1)!;
    expect(last.targetDate).toBe(bars.at(-1)!.date);
    expect(last.predictionDate).toBe(bars.at(-31)!.date);
    expect(last.priceAtPrediction).toBe(bars.at(-31)!.close);
    expect(last.actualPrice).toBe(bars.at(-1)!.close);
    const firstOrigin = bars.findIndex((bar) => bar.date === result.points[0]!.predictionDate);
    expect(firstOrigin).toBe(bars.length - 1 - 30 - 19 * 15);
    // The naive baseline: no change from the price at prediction.
    expect(result.naive.every((point) => point.targetPrice === point.priceAtPrediction)).toBe(true);
  });

  it('never shows a model a close after its origin', () => {
    const seen: number[] = [];
    const spy: ForecastModel = {
      ...driftModel,
      forecast(input: ForecastInput) {
        seen.push(input.closes.length);
        return driftModel.forecast(input);
      },
    };
    const result = backtest(bars, spy, 7);
    const origins = result.points.map((point) => bars.findIndex((bar) => bar.date === point.predictionDate));
    expect(seen).toEqual(origins.map((origin) => origin + 1));
  });

  it('keeps every back-tested forecast unchanged when future data is appended (no look-ahead)', () => {
    const arima = createArimaModel(ARIMA);
    const horizon = 7;
    const before = backtest(bars, arima, horizon);
    // Wild future prices make any leak visible; the count keeps the origin grid aligned (a multiple of the spacing).
    const future: DailyBar[] = allBars
      .slice(1500, 1500 + 2 * originSpacing(horizon))
      .map((bar) => ({ ...bar, close: bar.close * 3 }));
    const after = backtest([...bars, ...future], arima, horizon);
    const shared = after.points.filter((point) => before.points.some((p) => p.predictionDate === point.predictionDate));
    expect(shared.length).toBe(BACKTEST_ORIGINS - 2);
    expect(shared).toEqual(before.points.slice(2));
  });

  it('rejects bars out of date order', () => {
    expect(() => backtest([...bars].reverse(), driftModel, 7)).toThrow(/date order/);
  });
});
