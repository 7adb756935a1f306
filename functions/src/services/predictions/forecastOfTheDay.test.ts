import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyBar } from '@stockseer/contract';
import { fixedClock } from '../../domain/clock';
import { DemoMarketData } from '../../adapters/market-data/demo';
import { countingModelPool } from '../../../test/models.testkit';
import type { StoredForecastOfTheDay } from '../../adapters/firestore/forecastsOfTheDay';
import { forecastOrFit, type ForecastSelection } from './forecastOfTheDay';

/** What a request or maintenance gets, and what it leaves for its caller to store (the storing is the caller's). */
const { models, fits, resetFits } = countingModelPool(1);
afterAll(() => models.close());

const selection: ForecastSelection = { symbol: 'KO', modelId: 'arima', timeFrame: 'short' };
let bars: DailyBar[];
let fitted: StoredForecastOfTheDay['forecast'];
beforeAll(async () => {
  bars = await new DemoMarketData(fixedClock('2024-03-15')).dailyBars('KO', '2019-03-01', '2024-03-15');
  fitted = (await forecastOrFit({ models }, selection, bars, undefined)).forecast;
});

/** Counts the fits `run` makes. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; fits: number }> {
  resetFits();
  const result = await run();
  return { result, fits: fits() };
}

describe('forecastOrFit', () => {
  it.each([
    ['request', true],
    ['maintenance', false],
  ] as const)('fits what is not stored, and leaves it to store as asked by a %s', async (asker, asked) => {
    const { result, ...counts } = await counted(() => forecastOrFit({ models }, selection, bars, undefined, asker));
    expect(counts).toEqual({ fits: 1 });
    expect(result.forecast).toMatchObject({ ...selection, predictionDate: bars.at(-1)!.date, modelName: 'ARIMA' });
    expect(result.forecast).toEqual(fitted);
    expect(result.toStore).toEqual({ forecast: result.forecast, asked });
  });

  it.each([
    ['a request reads one maintenance prepared: it becomes asked', false, 'request', true],
    ['maintenance finds one prepared: it stays as stored', false, 'maintenance', null],
    ['a request reads one already asked: nothing to write', true, 'request', null],
  ] as const)('fits nothing stored: %s', async (_, storedAsked, asker, nowAsked) => {
    const stored = { forecast: { ...fitted, targetPrice: fitted.targetPrice + 1 }, asked: storedAsked };
    const { result, ...counts } = await counted(() => forecastOrFit({ models }, selection, bars, stored, asker));
    expect(counts).toEqual({ fits: 0 });
    expect(result).toEqual({
      forecast: stored.forecast,
      toStore: nowAsked === null ? null : { forecast: stored.forecast, asked: nowAsked },
    });
  });

  it('refuses a stored forecast of another close or selection', async () => {
    const ofAnotherClose = { forecast: { ...fitted, predictionDate: bars.at(-2)!.date }, asked: true };
    await expect(forecastOrFit({ models }, selection, bars, ofAnotherClose)).rejects.toThrow(/was offered for/);
    const ofAnotherModel = { forecast: { ...fitted, modelId: 'prophet' as const }, asked: true };
    await expect(forecastOrFit({ models }, selection, bars, ofAnotherModel)).rejects.toThrow(/was offered for/);
  });
});
