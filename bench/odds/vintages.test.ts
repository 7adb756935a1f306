import { describe, expect, it } from 'vitest';
import type { TimeFrame } from '@stockseer/contract';
import { addCalendarDays } from '../../functions/src/domain/calendar';
import { logisticRegression } from './logistic';
import type { VolatilitySample } from './volatilityFit';
import {
  fitVintage as fitVintageOf,
  refitDates,
  vintageChance,
  type CalibrationSample,
  type Recency,
} from './vintages';

/** Volatility samples of every horizon, one a week from 2000: the realised volatility follows the year's input. */
const volatility: VolatilitySample[] = Array.from({ length: 600 }, (_, i) => i).flatMap((week) =>
  [7, 30, 90].map((horizon) => {
    const year = Math.log(0.01 + (0.01 * ((week * 7) % 11)) / 11);
    return {
      symbol: 'AAA',
      horizon,
      targetDate: addCalendarDays('2000-01-03', 7 * week),
      inputs: [year + Math.sin(week), year + Math.cos(week) / 2, year + Math.sin(week / 3) / 4, year],
      realised: 0.1 + 0.8 * year,
    };
  }),
);

const fitVintage = (samples: readonly CalibrationSample[], from: string, recency: Recency) =>
  fitVintageOf({ samples, volatility }, from, recency, ['xgboost']);

/** The true chance of a synthetic forecast: the model's own until 2007, 15 points more from 2008 on. */
const truth = (s: Pick<CalibrationSample, 'modelP' | 'predictionDate'>) =>
  Math.min(0.95, s.modelP + (s.predictionDate >= '2008-01-01' ? 0.15 : 0));

/** Forecasts of three models and every time frame, one every other day from 2001 to 2011, six weeks ahead. */
function samples(): CalibrationSample[] {
  const out: CalibrationSample[] = [];
  let state = 7;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const day = new Date('2001-01-01T00:00:00Z');
  while (day.toISOString() < '2011-12-01') {
    const predictionDate = day.toISOString().slice(0, 10);
    const target = new Date(day.getTime() + 42 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const modelId of ['drift', 'naive', 'xgboost'] as const) {
      for (const timeFrame of ['short', 'medium', 'long'] as TimeFrame[]) {
        const modelP = 0.2 + 0.6 * random();
        const recentVolatility = random() - 0.5;
        const hit = random() < truth({ modelP, predictionDate }) ? 1 : 0;
        const volatilityInputs = [0, 0, 0, 0].map(() => Math.log(0.005 + 0.02 * random()));
        out.push({
          modelId,
          timeFrame,
          predictionDate,
          targetDate: target,
          modelP,
          recentVolatility,
          volatilityInputs,
          range: { targetPrice: 100, hitLow: 97, hitHigh: 103 },
          hit,
        });
      }
    }
    day.setUTCDate(day.getUTCDate() + 2);
  }
  return out;
}

const all = samples();
const flipped = (keep: (s: CalibrationSample) => boolean) => all.map((s) => (keep(s) ? s : { ...s, hit: 1 - s.hit }));

describe('the calibration refitted walk-forward', () => {
  it('refits on the first day of every n-th month', () => {
    expect(refitDates('2004-01-01', '2006-03-01', 12)).toEqual(['2004-01-01', '2005-01-01', '2006-01-01']);
    expect(refitDates('2004-01-01', '2004-07-01', 3)).toEqual(['2004-01-01', '2004-04-01', '2004-07-01']);
  });

  it('no look-ahead: outcomes on or after a vintage date cannot change it; outcomes before it can', () => {
    const from = '2009-01-01';
    const vintage = fitVintage(all, from, { halfLifeYears: 2 });
    expect(
      fitVintage(
        flipped((s) => s.targetDate < from),
        from,
        { halfLifeYears: 2 },
      ),
    ).toEqual(vintage);
    expect(
      fitVintage(
        flipped((s) => s.targetDate < '2007-01-01'),
        from,
        { halfLifeYears: 2 },
      ),
    ).not.toEqual(vintage);
  });

  it("no look-ahead: a forecast's chance moves with outcomes known before its prediction date only", () => {
    const dates = refitDates('2004-01-01', '2011-12-01', 12);
    const vintagesOf = (data: CalibrationSample[]) => dates.map((from) => fitVintage(data, from, { halfLifeYears: 2 }));
    const base = vintagesOf(all);
    const predictionDate = '2010-06-15';
    const forecast = all.find((s) => s.predictionDate >= predictionDate && s.timeFrame === 'medium')!;
    const chance = (vintages: typeof base) => vintageChance(forecast, vintages);
    expect(chance(vintagesOf(flipped((s) => s.targetDate < forecast.predictionDate)))).toBe(chance(base));
    expect(chance(vintagesOf(flipped((s) => s.targetDate >= '2009-06-01')))).not.toBe(chance(base));
  });

  it('weighs recent outcomes more: after a shift a short half-life follows it, equal weights lag', () => {
    const from = '2011-01-01';
    const scored = all.filter((s) => s.predictionDate >= from && s.modelId !== 'xgboost');
    const meanChance = (halfLifeYears: number | null) => {
      const vintages = [fitVintage(all, from, { halfLifeYears })];
      const chances = scored.map((s) => vintageChance(s, vintages));
      return chances.reduce((sum, p) => sum + p, 0) / chances.length;
    };
    const meanTruth = scored.reduce((sum, s) => sum + truth(s), 0) / scored.length;
    expect(Math.abs(meanChance(0.5) - meanTruth)).toBeLessThan(0.03);
    expect(meanChance(null)).toBeLessThan(meanTruth - 0.06);
  });

  it('fits XGBoost on its own and the shared band on the other models', () => {
    const vintage = fitVintage(
      all.map((s) => (s.modelId === 'xgboost' ? { ...s, modelP: 1 - s.modelP } : s)),
      '2011-01-01',
      { halfLifeYears: null },
    );
    expect(vintage.coefficients.long.modelLogit).toBeGreaterThan(0.5);
    expect(vintage.modelCoefficients.xgboost!.long.modelLogit).toBeLessThan(-0.5);
  });
});

describe('the weighted logistic regression', () => {
  it('counts an outcome of weight 2 as two outcomes', () => {
    const features = [[0], [1], [2], [0.5], [1.5]];
    const outcomes = [0, 1, 1, 1, 0];
    const weighted = logisticRegression(features, outcomes, { weights: [2, 1, 1, 1, 1] });
    const doubled = logisticRegression([[0], ...features], [0, ...outcomes]);
    weighted.forEach((b, i) => expect(b).toBeCloseTo(doubled[i]!, 8));
  });
});
