import ARIMA from 'arima';
import { describe, expect, it } from 'vitest';
import { createArimaModel, fitOrder } from './arima';
import { mean, variance } from './series';

const arima = createArimaModel(ARIMA);

/** Daily log returns rising steadily: the AR fit finds a root above 1, so its raw forecast grows without bound. */
const rampReturns = Array.from({ length: 500 }, (_, day) => day * 4e-5);
const rampCloses = rampReturns.reduce((closes, r) => [...closes, closes.at(-1)! * Math.exp(r)], [100]);

describe('ARIMA guards', () => {
  it('the raw package explodes on a steadily accelerating series', () => {
    const raw = new ARIMA({ p: 2, d: 0, q: 0, verbose: false }).train(rampReturns);
    const [steps] = raw.predict(250);
    raw.destroy();
    const limit = mean(rampReturns) + 3 * Math.sqrt(variance(rampReturns));
    expect(steps.at(-1)!).toBeGreaterThan(3 * limit);
  });

  it('rejects that exploding fit and still forecasts a finite, positive price', () => {
    expect(fitOrder(ARIMA, rampReturns, 2, 0, 250)).toBeNull();
    const forecast = arima.forecast({ closes: rampCloses, horizon: 250 });
    for (const price of [forecast.lowerPrice, forecast.targetPrice, forecast.upperPrice]) {
      expect(Number.isFinite(price) && price > 0).toBe(true);
    }
  });

  it('falls back to drift (here: no change) on a flat price, where every fit would divide by zero', () => {
    const forecast = arima.forecast({ closes: Array(300).fill(42), horizon: 30 });
    expect(forecast.targetPrice).toBeCloseTo(42, 10);
    expect(forecast.lowerPrice).toBeCloseTo(42, 10);
  });

  it('never fits the order p = q = 0, which the package answers with garbage', () => {
    expect(() => fitOrder(ARIMA, rampReturns, 0, 0, 7)).toThrow(/p = q = 0/);
  });
});
