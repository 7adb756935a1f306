import { describe, expect, it } from 'vitest';
import type { DailyBar } from '@stockseer/contract';
import { addCalendarDays, addTradingDays, previousTradingDay } from '../calendar';
import { hitRange } from './hitRule';
import { forecastOdds } from './records';
import { calibrationTimeFrame, chanceNow, liveStatus, type OpenPrediction } from './liveStatus';

const START = '2024-01-02';

/** A deterministic wobbly path of `count` closes on NYSE trading days from START. */
function bars(count: number, seed = 7): Pick<DailyBar, 'date' | 'close'>[] {
  const out: Pick<DailyBar, 'date' | 'close'>[] = [];
  let price = 100;
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    price *= Math.exp((state / 2 ** 31 - 0.5) * 0.03);
    out.push({ date: i === 0 ? START : addTradingDays(START, i), close: price });
  }
  return out;
}

const HISTORY = bars(400);
/** A 30-day forecast made on the 300th close: a little up, its 80% interval about ±6%. */
function predictionOn(index: number, timeFrame: OpenPrediction['timeFrame'] = 'medium'): OpenPrediction {
  const origin = HISTORY[index]!;
  const targetPrice = origin.close * 1.01;
  return {
    id: 'p1',
    modelId: 'arima',
    timeFrame,
    predictionDate: origin.date,
    priceAtPrediction: origin.close,
    targetDate: addTradingDays(origin.date, { short: 7, medium: 30, long: 90 }[timeFrame]),
    targetPrice,
    lowerPrice: targetPrice * 0.94,
    upperPrice: targetPrice * 1.06,
    ...hitRange(origin.close, targetPrice, timeFrame),
  };
}
const P = predictionOn(300);
const dayAfter = (n: number) => addTradingDays(P.predictionDate, n);

describe('live status of an open prediction', () => {
  it('on its prediction date states the chance it was made with', () => {
    for (const timeFrame of ['short', 'medium', 'long'] as const) {
      const p = predictionOn(300, timeFrame);
      const status = liveStatus(p, HISTORY, p.predictionDate)!;
      expect(status.chanceNow).toBeCloseTo(forecastOdds(p, { ...p, bars: HISTORY }), 12);
      expect(status.tradingDaysLeft).toBe({ short: 7, medium: 30, long: 90 }[timeFrame]);
    }
  });

  it('reads the last close up to today, the days left and the path since the prediction date', () => {
    const status = liveStatus(P, HISTORY, dayAfter(10))!;
    expect(status.lastCloseDate).toBe(dayAfter(10));
    expect(status.lastClose).toBe(HISTORY[310]!.close);
    expect(status.tradingDaysLeft).toBe(20);
    expect(status.path.map((point) => point.date)).toEqual(HISTORY.slice(300, 311).map((bar) => bar.date));
  });

  it('never reads a close after today: changing them changes nothing', () => {
    const today = dayAfter(12);
    const changed = HISTORY.map((bar) => (bar.date > today ? { ...bar, close: bar.close * 3 } : bar));
    expect(liveStatus(P, changed, today)).toEqual(liveStatus(P, HISTORY, today));
    // A weekend's today reads the close of the trading day before it.
    let saturday = today;
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addCalendarDays(saturday, 1);
    expect(liveStatus(P, HISTORY, saturday)?.lastCloseDate).toBe(previousTradingDay(saturday));
  });

  it('places the last close below, inside or above the hit range', () => {
    const at = (close: number) => {
      const path = [...HISTORY.slice(0, 301), { date: dayAfter(1), close }];
      return liveStatus(P, path, dayAfter(1))!.position;
    };
    expect(at(P.hitLow - 0.01)).toBe('below');
    expect(at(P.hitLow)).toBe('inside');
    expect(at(P.hitHigh)).toBe('inside');
    expect(at(P.hitHigh + 0.01)).toBe('above');
  });

  it('on and after the target date is the outcome: 1 inside the hit range, 0 outside', () => {
    const closes = HISTORY.slice(0, 301);
    const ending = (close: number) => [...closes, { date: P.targetDate, close }, { date: dayAfter(31), close: 1 }];
    const inside = liveStatus(P, ending(P.targetPrice), dayAfter(40))!;
    expect(inside).toMatchObject({ tradingDaysLeft: 0, chanceNow: 1, lastCloseDate: P.targetDate });
    expect(liveStatus(P, ending(P.hitHigh * 1.1), dayAfter(40))!.chanceNow).toBe(0);
  });

  it('grows as the close sits in the hit range with fewer days left, and fades far outside it', () => {
    const closes = HISTORY.slice(0, 301).map((bar) => bar.close);
    const at = (close: number) => ({ date: HISTORY[300]!.date, close });
    const middle = at((P.hitLow + P.hitHigh) / 2);
    const byDaysLeft = [29, 15, 5, 1].map((days) => chanceNow(P, middle, days, closes));
    for (let i = 1; i < byDaysLeft.length; i++) expect(byDaysLeft[i]).toBeGreaterThan(byDaysLeft[i - 1]!);
    const far = at(P.hitHigh * 1.15);
    expect(chanceNow(P, far, 1, closes)).toBeLessThan(0.05);
    expect(chanceNow(P, far, 1, closes)).toBeLessThan(chanceNow(P, far, 25, closes));
  });

  it("is calibrated with the vintage of the last close's date, as a new forecast made that day would be", () => {
    const closes = HISTORY.slice(0, 301).map((bar) => bar.close);
    const middle = (P.hitLow + P.hitHigh) / 2;
    const on = (date: string) => chanceNow(P, { date, close: middle }, 10, closes);
    // The last close of 2020 reads the 2020 vintage, the first of 2021 the newest; later dates the newest too.
    expect(on('2021-01-04')).not.toBe(on('2020-12-31'));
    expect(on('2021-01-04')).toBe(on('2026-11-27'));
  });

  it('knows nothing before a close on or after the prediction date', () => {
    expect(liveStatus(P, HISTORY.slice(0, 300), dayAfter(3))).toBeUndefined();
  });

  it('calibrates like the time frame closest above the days left', () => {
    expect([1, 7, 8, 30, 31, 90].map(calibrationTimeFrame)).toEqual([
      'short',
      'short',
      'medium',
      'medium',
      'long',
      'long',
    ]);
  });
});
