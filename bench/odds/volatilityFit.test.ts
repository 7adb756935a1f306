import { describe, expect, it } from 'vitest';
import { REALISED_WINDOWS, VOLATILITY_CLOSES } from '../../functions/src/domain/odds/volatilityForecast';
import { fitVolatility, leastSquares, volatilitySamples, type VolatilitySample } from './volatilityFit';

describe('the fit of the volatility forecast', () => {
  it('recovers the coefficients of an exact linear law', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [Math.sin(i), Math.cos(i / 3), (i % 7) / 7]);
    const y = rows.map(([a, b, c]) => 0.5 + 2 * a! - b! + 0.25 * c!);
    leastSquares(rows, y).forEach((b, i) => expect(b).toBeCloseTo([0.5, 2, -1, 0.25][i]!, 9));
  });

  it('fits a vintage only on the samples whose target date is before it', () => {
    const sample = (i: number, realised: number): VolatilitySample => ({
      symbol: 'AAA',
      horizon: 30,
      targetDate: `20${String(10 + Math.floor(i / 100)).padStart(2, '0')}-06-01`,
      inputs: [Math.sin(i), Math.cos(i), Math.sin(i / 5), Math.cos(i / 7)],
      realised,
    });
    const samples = Array.from({ length: 400 }, (_, i) => sample(i, -4 + 0.1 * Math.sin(i * 1.3)));
    const changed = samples.map((s, i) => (s.targetDate >= '2012-01-01' ? sample(i, 3) : s));
    expect(fitVolatility(changed, 30, '2012-01-01')).toEqual(fitVolatility(samples, 30, '2012-01-01'));
    expect(fitVolatility(changed, 30, '2013-01-01')).not.toEqual(fitVolatility(samples, 30, '2013-01-01'));
  });

  it("samples every stock's origins from the first with a year of returns, the outcome the realised volatility after it", () => {
    const dates = Array.from({ length: 400 }, (_, i) => `d${String(i).padStart(4, '0')}`);
    const closes = dates.map((_, i) => 100 * Math.exp(0.01 * (i % 2)));
    const samples = volatilitySamples([{ symbol: 'AAA', dates, closes }], [7], 10);
    expect(samples[0]!.targetDate).toBe(dates[VOLATILITY_CLOSES - 1 + 7]);
    expect(samples.at(-1)!.targetDate <= dates.at(-1)!).toBe(true);
    for (const s of samples) {
      expect(s.inputs).toHaveLength(REALISED_WINDOWS.length);
      expect(s.realised).toBeCloseTo(Math.log(0.01), 9);
    }
  });
});
