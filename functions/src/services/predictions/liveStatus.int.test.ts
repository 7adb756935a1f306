import { afterAll, describe, expect, it } from 'vitest';
import type { DailyBar, Prediction } from '@stockseer/contract';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { addTradingDays } from '../../domain/calendar';
import { fixedClock } from '../../domain/clock';
import type { MarketDataService } from '../../domain/market-data/service';
import { futurePrediction } from '../../domain/predictions/records';
import { createMarketDataService } from '../../adapters/market-data';
import { COLLECTIONS } from '../../adapters/firestore/db';
import { liveStatusesFor } from './liveStatus';

/**
 * The live status of open predictions (docs/product.md#live-status) in-process against the Firestore emulator and the
 * stack's market data: one answer for all of a user's open predictions, and no look-ahead: closes after the clock's
 * today, even handed over by a provider, change nothing.
 */
const { db } = adminSdk();
/**
 * A Wednesday of 2024 no other test predicts from, and stocks no other test reads: the bar cache of a stock that
 * tests read at other pinned dates may hold a stretch that ends before this one.
 */
const PREDICTION_DAY = '2024-05-01';
const TODAY = addTradingDays(PREDICTION_DAY, 10);
const LATER = addTradingDays(PREDICTION_DAY, 25);
const uid = `live-${Date.now()}`;
const caller = { uid, email: null, displayName: null, photoURL: null, isAdmin: false };
const predictions = db.collection(COLLECTIONS.predictions);
const at = (today: string) => {
  const clock = fixedClock(today);
  return { db, clock, marketData: createMarketDataService({ db, clock }) };
};

/** A 30-day forecast of `symbol` made on PREDICTION_DAY, stored as generate stores one. */
async function seedPrediction(symbol: string, status: Prediction['status'], owner = uid): Promise<Prediction> {
  const bars = await at(PREDICTION_DAY).marketData.barsUpTo(symbol, PREDICTION_DAY, 10);
  const close = bars.at(-1)!.close;
  const prediction: Prediction = {
    ...futurePrediction({
      id: `${owner}_${symbol}_${status}`,
      symbol,
      timeFrame: 'medium',
      bars,
      forecast: {
        modelId: 'arima',
        modelName: 'ARIMA',
        targetPrice: close * 1.01,
        lowerPrice: close * 0.95,
        upperPrice: close * 1.07,
      },
      hitProbability: 0.4,
      owner: { userId: owner, userEmail: null },
      now: new Date(),
    }),
    status,
    isFree: true,
  };
  await predictions.doc(prediction.id).set(prediction);
  return prediction;
}

const seeded: Prediction[] = [];
afterAll(() => Promise.all(seeded.map((p) => predictions.doc(p.id).delete())));

describe('live status of open predictions', () => {
  it('answers every open prediction of the caller at once, and only those, from closes up to today', async () => {
    seeded.push(
      await seedPrediction('JNJ', 'active'),
      await seedPrediction('NKE', 'active'),
      await seedPrediction('WMT', 'hit'),
      await seedPrediction('JNJ', 'active', `${uid}-someone-else`),
    );
    const statuses = await liveStatusesFor(at(TODAY), caller);
    expect(statuses.map((s) => s.predictionId).sort()).toEqual([`${uid}_JNJ_active`, `${uid}_NKE_active`]);
    for (const status of statuses) {
      expect(status).toMatchObject({ lastCloseDate: TODAY, tradingDaysLeft: 20 });
      expect(status.path.map((p) => p.date)).toEqual([
        PREDICTION_DAY,
        ...[...Array(10).keys()].map((i) => addTradingDays(PREDICTION_DAY, i + 1)),
      ]);
      expect(status.chanceNow).toBeGreaterThan(0);
      expect(status.chanceNow).toBeLessThan(1);
    }
  });

  it('changes nothing when the closes after today change, and moves when today does', async () => {
    const today = at(TODAY);
    const honest = await liveStatusesFor(today, caller);
    // A provider that hands over closes up to a later day, all of them after today changed.
    const later = at(LATER).marketData;
    const leaky = Object.assign(Object.create(today.marketData) as MarketDataService, {
      barsUpTo: async (symbol: string, _date: string, days?: number): Promise<DailyBar[]> =>
        (await later.barsUpTo(symbol, LATER, (days ?? 400) + 40)).map((bar) =>
          bar.date > TODAY ? { ...bar, close: bar.close * (bar.date.endsWith('5') ? 3 : 0.3) } : bar,
        ),
    });
    expect(await liveStatusesFor({ ...today, marketData: leaky }, caller)).toEqual(honest);

    const moved = await liveStatusesFor(at(LATER), caller);
    expect(moved.map((s) => s.lastCloseDate)).toEqual([LATER, LATER]);
    expect(moved.map((s) => s.tradingDaysLeft)).toEqual([5, 5]);
    expect(moved).not.toEqual(honest);
  });
});
