import { describe, expect, it } from 'vitest';
import type { FoldForecast } from './folds';
import { heldOutScores, heldOutTargetsMet, withinStock, worstFolds } from './heldOutMetrics';

/** A forecast of `stock` with chance p and outcome hit; its 80% interval covers the actual price when `covered`. */
const forecast = (stock: string, p: number, hit: number, width = 0.1, covered = true): FoldForecast => ({
  fold: 0,
  stock,
  model: 'drift',
  horizon: 30,
  originDate: `2015-01-${String(1 + Math.floor(p * 27)).padStart(2, '0')}`,
  targetDate: '2015-03-01',
  p,
  hit,
  priceAtPrediction: 100,
  actualPrice: covered ? 100 : 200,
  lowerPrice: 100 * Math.exp(-width),
  upperPrice: 100 * Math.exp(width),
});

describe('the held-out scores', () => {
  it("reads the within-stock test against each stock's own averages", () => {
    // Two stocks of different averages; in each, a fifth of the forecasts say 20 points more than the others and hit
    // 60% of the time against 40%.
    const forecasts = ['A', 'B'].flatMap((stock, s) =>
      Array.from({ length: 50 }, (_, i) => {
        const high = i % 5 === 0;
        const hit = high ? i < 30 : i % 5 === 1 || (i % 5 === 2 && i < 30);
        return forecast(stock, 0.3 + 0.2 * s + (high ? 0.2 : 0), hit ? 1 : 0);
      }),
    );
    const { said, seen } = withinStock(forecasts);
    // Own averages: chance base + 0.04, hit rate 0.44; the top fifth are the 20 high forecasts.
    expect(said).toBeCloseTo(0.16, 9);
    expect(seen).toBeCloseTo(0.16, 9);
    expect(heldOutTargetsMet(heldOutScores(forecasts)).withinStock).toBe(true);
  });

  it('measures the coverage of the 80% interval per fifth of width, narrowest first', () => {
    const forecasts = Array.from({ length: 100 }, (_, i) =>
      forecast('A', 0.4, i % 2, 0.01 * (i + 1), i >= 20 || i % 2 === 0),
    );
    const { coverage } = heldOutScores(forecasts);
    expect(coverage).toEqual([0.5, 1, 1, 1, 1]);
    expect(heldOutTargetsMet(heldOutScores(forecasts)).coverage).toBe(false);
  });

  it('picks per target the fold furthest from it, and among folds that all meet it the one furthest from the ideal', () => {
    const base = heldOutScores(Array.from({ length: 40 }, (_, i) => forecast('A', 0.2 + i / 80, i % 2)));
    const fold = (slope: number, skill: number) => ({ ...base, slope, skill });
    const worst = worstFolds([fold(1.0, 0.05), fold(0.8, 0.03), fold(1.1, 0.04)]);
    expect(worst.slope).toEqual({ fold: 1, met: false });
    expect(worst.skill).toEqual({ fold: 1, met: true });
  });
});
