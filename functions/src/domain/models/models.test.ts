import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from './registry';
import { sp500DailyBars } from './testing/sp500';
import { MODEL_IDS_FOR_TESTS } from './testing/modelIds';
import type { ForecastModel, ModelId } from './types';

// Six years to the end of 2019: calm enough for plain bounds (the series ends in the March 2020 crash).
const bars = sp500DailyBars();
const closes = bars
  .slice(
    0,
    bars.findIndex((bar) => bar.date > '2019-12-31'),
  )
  .slice(-1500)
  .map((bar) => bar.close);
const lastClose = closes.at(-1)!;
function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const models = new Map<ModelId, ForecastModel>();

beforeAll(async () => {
  for (const id of MODEL_IDS_FOR_TESTS) models.set(id, await loadModel(id));
});

describe.each(MODEL_IDS_FOR_TESTS)('%s on six years of daily S&P 500 closes', (modelId) => {
  it.each([7, 30, 90])('forecasts %i trading days ahead: finite, positive, inside its own 80% interval', (horizon) => {
    const forecast = models.get(modelId)!.forecast({ closes, horizon });
    expect(forecast.modelId).toBe(modelId);
    for (const price of [forecast.lowerPrice, forecast.targetPrice, forecast.upperPrice]) {
      expect(Number.isFinite(price) && price > 0).toBe(true);
    }
    expect(forecast.lowerPrice).toBeLessThanOrEqual(forecast.targetPrice);
    expect(forecast.targetPrice).toBeLessThanOrEqual(forecast.upperPrice);
    // An index does not move 25% in expectation within 90 trading days; anything further is a broken fit.
    expect(Math.abs(Math.log(forecast.targetPrice / lastClose))).toBeLessThan(0.25);
    // The interval widens with the horizon but stays within a plausible range.
    expect(forecast.upperPrice / forecast.lowerPrice).toBeGreaterThan(1.01);
    expect(forecast.upperPrice / forecast.lowerPrice).toBeLessThan(2);
  });

  it('gives the same forecast for the same input', () => {
    const model = models.get(modelId)!;
    const window = closes.slice(0, 1200);
    expect(model.forecast({ closes: window, horizon: 30 })).toEqual(model.forecast({ closes: window, horizon: 30 }));
  });

  it('rejects unusable input with a validation error', () => {
    const model = models.get(modelId)!;
    const invalid = [
      { closes: closes.slice(0, model.minCloses - 1), horizon: 7 },
      { closes: [...closes.slice(0, -1), Number.NaN], horizon: 7 },
      { closes: [...closes.slice(0, -1), -1], horizon: 7 },
      { closes, horizon: 0 },
      { closes, horizon: 2.5 },
    ];
    for (const input of invalid) {
      expect(errorOf(() => model.forecast(input))).toMatchObject({ name: 'AppError', kind: 'validation' });
    }
  });
});
