import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DailyBar } from '@stockseer/contract';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { fixedClock, fixedClockAt } from '../../domain/clock';
import { createMarketDataService } from '../../adapters/market-data';
import { COLLECTIONS } from '../../adapters/firestore/db';
import { findForecastOfTheDay } from '../../adapters/firestore/forecastsOfTheDay';
import { forecastOfTheDay } from '../predictions/forecastOfTheDay';
import { forecastStep } from './forecasts';
import { countingModelPool } from '../../../test/models.testkit';
import { payments } from '../../../test/payments.testkit';
import { push } from '../../../test/push.testkit';

/**
 * The forecasts step in-process against the Firestore emulator and a real model pool, on run dates of its own in
 * 2020 (five years into the demo provider's prices, so that a forecast's five-year window is all prices; no other
 * test writes forecasts dated then).
 */
const { db } = adminSdk();
/** A Tuesday; the clock stands after its close, so the run settles this day's close. */
const RUN_DAY = '2020-06-16';
const ASKED_ON = '2020-06-15';
const clock = fixedClock(RUN_DAY);
/** The next trading day: its morning (the market open, the newest close still RUN_DAY's) and its evening run. */
const NEXT_DAY = '2020-06-17';
const nextMorning = (() => {
  const morning = fixedClockAt(NEXT_DAY, new Date(`${NEXT_DAY}T14:00:00Z`));
  return { clock: morning, marketData: createMarketDataService({ db, clock: morning }) };
})();

const { models, fits, resetFits } = countingModelPool(2);
afterAll(() => models.close());

const ctx = {
  payments,
  push,
  db,
  clock,
  marketData: createMarketDataService({ db, clock }),
  models,
  runId: 'forecasts-test',
  finalAttempt: false,
};
/** The next trading day's run, after its close. */
const nextEvening = { ...ctx, clock: fixedClock(NEXT_DAY) };

type StepInput = Parameters<typeof forecastStep.run>[1];
const forecasts = db.collection(COLLECTIONS.forecastsOfTheDay);
/** What a preview or a generate leaves behind: a forecast of the day, here with only the fields the plan reads. */
const asked = (symbol: string, modelId: string, timeFrame: string, predictionDate: string) =>
  forecasts
    .doc(`${symbol}_${modelId}_${timeFrame}_${predictionDate}`)
    .set({ symbol, modelId, timeFrame, predictionDate });

/** Every forecast of the day this file wrote or made the step write. */
async function removeOurs() {
  const ours = await forecasts.get();
  const from2020 = ours.docs.filter((doc) => String(doc.get('predictionDate')).startsWith('2020-'));
  await Promise.all(from2020.map((doc) => doc.ref.delete()));
}

// Each test starts from no forecast of 2020, whether the one before passed or not.
afterEach(removeOurs);

describe('the forecasts step', () => {
  it("plans each stock, model and time frame asked of an earlier close once, a stock's forecasts in one shard", async () => {
    await Promise.all([
      asked('KO', 'arima', 'short', ASKED_ON),
      asked('KO', 'arima', 'short', '2020-06-12'),
      asked('KO', 'prophet', 'long', ASKED_ON),
      asked('MSFT', 'xgboost', 'medium', ASKED_ON),
      // Asked of the run's own close already: nothing to prepare.
      asked('AAPL', 'arima', 'short', RUN_DAY),
    ]);
    const stocks = (await forecastStep.plan(ctx)).flatMap((shard) => shard.input.stocks);
    const ours = stocks.filter((s) => ['KO', 'MSFT', 'AAPL'].includes(s.symbol));
    expect(ours.map((s) => s.symbol).sort()).toEqual(['KO', 'MSFT']);
    expect(ours.find((s) => s.symbol === 'KO')!.forecasts).toHaveLength(2);
    expect(ours.find((s) => s.symbol === 'KO')!.forecasts).toEqual(
      expect.arrayContaining([
        { modelId: 'arima', timeFrame: 'short' },
        { modelId: 'prophet', timeFrame: 'long' },
      ]),
    );
  });

  it('fits them from the close it settles, as a generate would on demand, and fits nothing when run again', async () => {
    const input: StepInput = {
      stocks: [
        {
          symbol: 'KO',
          forecasts: [
            { modelId: 'arima', timeFrame: 'short' },
            { modelId: 'xgboost', timeFrame: 'long' },
          ],
        },
        // Unknown to the provider (delisted overnight, say): skipped, not a failure.
        { symbol: 'NOPE', forecasts: [{ modelId: 'prophet', timeFrame: 'medium' }] },
      ],
    };
    resetFits();
    expect(await forecastStep.run(ctx, input)).toEqual({
      preparedForecastsCount: 2,
      failedCount: 0,
    });
    expect(fits()).toBe(2);

    const key = { symbol: 'KO', modelId: 'xgboost', timeFrame: 'long', predictionDate: RUN_DAY } as const;
    const prepared = await findForecastOfTheDay(db, key);
    expect(prepared).toMatchObject({ forecast: { ...key, modelName: 'XGBoost' }, asked: false });
    expect(prepared!.forecast.hitProbability).toBeGreaterThan(0);

    // The same forecast as one fitted on demand the next morning, whose bars start a day later.
    await forecasts.doc(`KO_xgboost_long_${RUN_DAY}`).delete();
    const bars = await nextMorning.marketData.barsUpTo('KO', NEXT_DAY);
    expect(bars.at(-1)!.date).toBe(RUN_DAY);
    const onDemand = await forecastOfTheDay(ctx, key, bars);
    expect(onDemand).toEqual(prepared!.forecast);

    // A retried shard finds them stored.
    resetFits();
    expect(await forecastStep.run(ctx, input)).toMatchObject({ failedCount: 0 });
    expect(fits()).toBe(0);
  });

  it('prepares again only what a request read: a prepared forecast nobody asks for is not prepared again', async () => {
    const stock = (modelId: 'arima' | 'prophet') => ({ symbol: 'KO', forecasts: [{ modelId, timeFrame: 'short' }] });
    await forecastStep.run(ctx, { stocks: [stock('arima'), stock('prophet')] } as StepInput);
    const ours = async () =>
      (await forecastStep.plan(nextEvening)).flatMap((shard) => shard.input.stocks).filter((s) => s.symbol === 'KO');
    expect(await ours()).toEqual([]);

    // The next morning a preview (or a generate) reads the prepared ARIMA forecast: it is part of the demand again.
    const bars = await nextMorning.marketData.barsUpTo('KO', NEXT_DAY);
    resetFits();
    await forecastOfTheDay(ctx, { symbol: 'KO', modelId: 'arima', timeFrame: 'short' }, bars);
    expect(fits()).toBe(0);
    expect(await ours()).toEqual([{ symbol: 'KO', forecasts: [{ modelId: 'arima', timeFrame: 'short' }] }]);
  });

  it.each([
    ["has no price of the run's close yet", (bars: DailyBar[]) => bars.slice(0, -1)],
    ['has too few closes for the model (a user asking is refused too)', (bars: DailyBar[]) => bars.slice(-15)],
  ])('prepares nothing, and fails nothing, for a stock whose provider %s', async (_, cut) => {
    const provider = Object.assign(Object.create(ctx.marketData) as typeof ctx.marketData, {
      barsUpTo: async (symbol: string, date: string) => cut(await ctx.marketData.barsUpTo(symbol, date)),
    });
    resetFits();
    const report = await forecastStep.run(
      { ...ctx, marketData: provider },
      { stocks: [{ symbol: 'KO', forecasts: [{ modelId: 'arima', timeFrame: 'short' }] }] },
    );
    expect(report).toEqual({ preparedForecastsCount: 0, failedCount: 0 });
  });
});
