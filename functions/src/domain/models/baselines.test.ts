import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRIFT_WINDOW, driftPerDay } from './baselines';
import { logReturns, mean, tail } from './series';

describe('driftPerDay', () => {
  it('is the mean daily log return of the last ten years, computed from the window ends alone', () => {
    const closes = fc.array(fc.double({ min: 0.5, max: 5000, noNaN: true }), { minLength: 2, maxLength: 3000 });
    fc.assert(
      fc.property(closes, (series) => {
        const byDefinition = mean(logReturns(tail(series, DRIFT_WINDOW + 1)));
        expect(driftPerDay(series)).toBeCloseTo(byDefinition, 10);
      }),
      { numRuns: 200 },
    );
  });

  it('needs two closes', () => {
    expect(() => driftPerDay([100])).toThrow(/two closes/);
  });
});
