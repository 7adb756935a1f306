import { describe, expect, it } from 'vitest';
import type { DailyBar } from '@stockseer/contract';
import { resolvePrediction } from './resolution';

const bar = (date: string, close: number): DailyBar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});
const prediction = {
  predictionDate: '2021-03-01',
  targetDate: '2021-03-10',
  priceAtPrediction: 400,
  hitLow: 404,
  hitHigh: 420,
};

describe('resolvePrediction', () => {
  it('hits when the target-date close lies in the hit range, inclusive', () => {
    expect(resolvePrediction(prediction, [bar('2021-03-01', 400), bar('2021-03-10', 404)])).toEqual({
      kind: 'resolved',
      status: 'hit',
      actualPrice: 404,
    });
    expect(resolvePrediction(prediction, [bar('2021-03-01', 400), bar('2021-03-10', 420.01)])).toMatchObject({
      status: 'missed',
    });
  });

  it('compares on the prediction basis across a 4:1 split: no false miss', () => {
    // Adjusted as of today, the prediction-date close reads 100, not the 400 the prediction saw.
    const afterSplit = [bar('2021-03-01', 100), bar('2021-03-10', 103)];
    expect(resolvePrediction(prediction, afterSplit)).toEqual({ kind: 'resolved', status: 'hit', actualPrice: 412 });
  });

  it('stays pending while the target close or the prediction-date close is missing', () => {
    expect(resolvePrediction(prediction, [bar('2021-03-01', 400), bar('2021-03-09', 410)]).kind).toBe('pending');
    expect(resolvePrediction(prediction, [bar('2021-03-10', 410)]).kind).toBe('pending');
  });
});
