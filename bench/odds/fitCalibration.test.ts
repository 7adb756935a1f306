import { describe, expect, it } from 'vitest';
import { CALIBRATION_PARAMS } from '../../functions/src/domain/odds/calibration';
import { parseCalibrationParams } from '../../functions/src/domain/odds/calibrationVintages';
import type { PriceHistory } from '../lib/marketData';
import { calibrationParams, fitInProcess } from './fitCalibration';
import { FIRST_ORIGIN, originPhase, periodOrigins } from './origins';

/** Weekdays from 2001-01-01, prices on a deterministic random walk with changing volatility. */
function history(symbol: string, count: number, seed: number): PriceHistory {
  const dates: string[] = [];
  const closes: number[] = [];
  let state = seed;
  let price = 50;
  const day = new Date('2001-01-01T00:00:00Z');
  while (dates.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const volatility = 0.01 + 0.02 * Math.abs(Math.sin(dates.length / 150));
      price *= Math.exp((state / 2 ** 31 - 0.5) * 2 * volatility * Math.sqrt(3));
      dates.push(day.toISOString().slice(0, 10));
      closes.push(price);
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return { symbol, dates, closes };
}

const END = '2006-06-30';
const stocks = [history('AAA', 2200, 1), history('BBB', 2200, 2), history('CCC', 2200, 3)];
const ORIGINS = { calibration: 12, evaluation: 12 };
const fit = (histories: PriceHistory[]) => fitInProcess(histories, ['drift', 'naive'], ORIGINS, END);

/** The histories with every close in (from, to] of the dates multiplied as `factor` says. */
function rewrite(histories: PriceHistory[], keep: (date: string) => boolean, factor: (i: number) => number) {
  return histories.map((h) => ({
    ...h,
    closes: h.closes.map((close, i) => (keep(h.dates[i]!) ? close : close * factor(i))),
  }));
}

describe('the fit of the calibration: no look-ahead', () => {
  it('splits the origins: calibration targets on or before the end, evaluation origins after it', () => {
    const { dates } = stocks[0]!;
    const calibration = periodOrigins(dates, 30, 20, { kind: 'calibration', calibrationEnd: END });
    const evaluation = periodOrigins(dates, 30, 20, { kind: 'evaluation', calibrationEnd: END });
    expect(calibration).toHaveLength(20);
    expect(evaluation).toHaveLength(20);
    for (const origin of calibration) expect(dates[origin + 30]! <= END).toBe(true);
    for (const origin of evaluation) expect(dates[origin]! > END).toBe(true);
  });

  it("shifts each stock's origins by its own phase of the spacing: as many, still inside the period", () => {
    const { dates } = stocks[0]!;
    for (const kind of ['calibration', 'evaluation'] as const) {
      const unshifted = periodOrigins(dates, 7, 20, { kind, calibrationEnd: END });
      const spacing = unshifted[1]! - unshifted[0]!;
      for (const phase of [0.1, 0.5, 0.99]) {
        const origins = periodOrigins(dates, 7, 20, { kind, calibrationEnd: END }, phase);
        expect(origins).toHaveLength(20);
        expect(origins.at(-1)).toBe(unshifted.at(-1)! - Math.floor(phase * spacing));
        for (const origin of origins) {
          expect(origin).toBeGreaterThanOrEqual(FIRST_ORIGIN);
          if (kind === 'calibration') expect(dates[origin + 7]! <= END).toBe(true);
          else expect(dates[origin]! > END).toBe(true);
        }
      }
    }
  });

  it('spreads the phases of symbols over [0, 1)', () => {
    const symbols = Array.from({ length: 500 }, (_, i) => `S${i.toString(36).toUpperCase()}`);
    const tenths = new Array<number>(10).fill(0);
    for (const symbol of symbols) tenths[Math.floor(originPhase(symbol) * 10)]! += 1;
    for (const count of tenths) expect(count).toBeGreaterThan(25);
    expect(originPhase('AAPL')).toBe(originPhase('AAPL'));
    expect(originPhase('AAPL')).not.toBe(originPhase('MSFT'));
  });

  it('fits a vintage on the day after the calibration period, then one a year up to the last outcome', async () => {
    const vintages = await fit(stocks);
    // 2,200 weekdays from 2001-01-01 end in June 2009.
    expect(vintages.map((v) => v.from)).toEqual(['2006-07-01', '2007-07-01', '2008-07-01']);
    expect(vintages[0]!.forecasts.short).toBe(3 * 2 * ORIGINS.calibration);
    expect(vintages[1]!.forecasts.short).toBeGreaterThan(vintages[0]!.forecasts.short);
    expect(vintages[2]!.forecasts.short).toBeLessThanOrEqual(3 * 2 * (ORIGINS.calibration + ORIGINS.evaluation));
  });

  it('no look-ahead: prices on or after a vintage date cannot change it; prices before it can', async () => {
    const base = await fit(stocks);
    // A crash and a boom from 2007-07-01 on: the vintages up to that day are the same, the later one is not.
    const later = await fit(
      rewrite(
        stocks,
        (date) => date < '2007-07-01',
        (i) => (i % 2 ? 0.5 : 3),
      ),
    );
    expect(later.slice(0, 2)).toEqual(base.slice(0, 2));
    expect(later[2]).not.toEqual(base[2]);
    // A storm inside the calibration period moves the first vintage.
    const inside = rewrite(
      stocks,
      (date) => date < '2004-01-01' || date > '2004-06-30',
      (i) => (i % 2 ? 0.9 : 1.1),
    );
    expect((await fit(inside))[0]).not.toEqual(base[0]);
  });

  it('moves the file version on only when the vintages change', async () => {
    const fitted = await fit(stocks);
    const context = {
      calibrationEnd: END,
      fittedAt: '2026-01-01',
      folders: ['x'],
      stocks: 3,
      models: ['drift' as const],
      originsPerStock: ORIGINS,
    };
    const first = calibrationParams(fitted, { ...context, previous: CALIBRATION_PARAMS });
    expect(first.version).toBe(CALIBRATION_PARAMS.version + 1);
    // What the app reads back is what was written: the file passes the app's own check.
    expect(parseCalibrationParams(JSON.parse(JSON.stringify(first)))).toEqual(first);
    // fit.ts reads the previous file back from JSON.
    const previous = JSON.parse(JSON.stringify(first)) as typeof first;
    const again = calibrationParams(fitted, { ...context, previous, fittedAt: '2026-02-02' });
    expect(again).toEqual(first);
  });
});
