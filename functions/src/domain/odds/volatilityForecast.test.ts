import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { studentTQuantile } from './studentT';
import { modelHitProbability, PREDICTIVE_DOF, volatilityHitProbability } from './hitProbability';
import {
  forecastDailyVolatility,
  logRealisedVolatility,
  realisedVolatilityInputs,
  REALISED_WINDOWS,
  VOLATILITY_CLOSES,
} from './volatilityForecast';

/** Closes whose daily log return alternates +r / -r, with r per day from `volatility(day)`. */
function closes(count: number, volatility: (day: number) => number): number[] {
  const out = [100];
  for (let day = 1; day < count; day++) out.push(out.at(-1)! * Math.exp((day % 2 ? 1 : -1) * volatility(day)));
  return out;
}

describe('the volatility forecast', () => {
  it('reads the realised volatility as the root mean square of the log returns, on a log scale', () => {
    expect(logRealisedVolatility([0.02, -0.02, 0.02])).toBeCloseTo(Math.log(0.02), 12);
    expect(logRealisedVolatility([0.03, 0.04])).toBeCloseTo(Math.log(Math.sqrt((0.0009 + 0.0016) / 2)), 12);
    // Unchanged closes are calm, not minus infinity.
    expect(Number.isFinite(logRealisedVolatility([0, 0, 0]))).toBe(true);
  });

  it('has one input per window, a storm in the last week raising the short windows above the year', () => {
    const calm = closes(400, () => 0.01);
    const storm = closes(400, (day) => (day >= 395 ? 0.05 : 0.01));
    expect(realisedVolatilityInputs(calm)).toHaveLength(REALISED_WINDOWS.length);
    for (const x of realisedVolatilityInputs(calm)!) expect(x).toBeCloseTo(Math.log(0.01), 9);
    const [week, month, quarter, year] = realisedVolatilityInputs(storm)!;
    expect(week).toBeCloseTo(Math.log(0.05), 9);
    expect(week!).toBeGreaterThan(month!);
    expect(month!).toBeGreaterThan(quarter!);
    expect(quarter!).toBeGreaterThan(year!);
  });

  it('reads only the last VOLATILITY_CLOSES closes, and needs a month of returns', () => {
    const recent = closes(VOLATILITY_CLOSES, (day) => 0.01 + 0.01 * Math.sin(day / 9) ** 2);
    const older = closes(300, () => 0.08);
    const joined = [...older, ...recent.map((c) => (c * older.at(-1)!) / recent[0]!)];
    const expected = realisedVolatilityInputs(recent)!;
    realisedVolatilityInputs(joined)!.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 12));
    expect(realisedVolatilityInputs(recent.slice(0, 21))).toBeNull();
    expect(realisedVolatilityInputs(recent.slice(0, 22))).not.toBeNull();
  });

  it('blends the inputs on a log scale', () => {
    const inputs = [Math.log(0.03), Math.log(0.02), Math.log(0.015), Math.log(0.01)];
    expect(forecastDailyVolatility(inputs, { intercept: 0, weights: [0, 0, 0, 1] })).toBeCloseTo(0.01, 12);
    expect(forecastDailyVolatility(inputs, { intercept: 0.1, weights: [0.5, 0, 0, 0.5] })).toBeCloseTo(
      Math.exp(0.1) * Math.sqrt(0.03 * 0.01),
      12,
    );
    expect(() => forecastDailyVolatility(inputs, { intercept: 0, weights: [1] })).toThrow();
  });

  it("gives the model's chance when the model's interval has the forecast's spread", () => {
    const T90 = studentTQuantile(0.9, PREDICTIVE_DOF);
    fc.assert(
      fc.property(
        fc.double({ min: 0.003, max: 0.06, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        fc.double({ min: 0.8, max: 1.2, noNaN: true }),
        (volatility, days, target) => {
          const scale = volatility * Math.sqrt(days) * Math.sqrt((PREDICTIVE_DOF - 2) / PREDICTIVE_DOF);
          const forecast = { targetPrice: 100 * target, hitLow: 97, hitHigh: 103 };
          const model = modelHitProbability({
            ...forecast,
            lowerPrice: 100 * target * Math.exp(-T90 * scale),
            upperPrice: 100 * target * Math.exp(T90 * scale),
          });
          expect(volatilityHitProbability(forecast, volatility, days)).toBeCloseTo(model, 9);
        },
      ),
    );
  });

  it('gives a target inside the hit range a lower chance the higher the forecast volatility', () => {
    const forecast = { targetPrice: 100, hitLow: 97, hitHigh: 103 };
    expect(volatilityHitProbability(forecast, 0.01, 30)).toBeGreaterThan(volatilityHitProbability(forecast, 0.02, 30));
    expect(volatilityHitProbability(forecast, 0.01, 7)).toBeGreaterThan(volatilityHitProbability(forecast, 0.01, 30));
    expect(() => volatilityHitProbability(forecast, 0, 30)).toThrow();
  });
});
