import { describe, expect, it } from 'vitest';
import {
  HIT_BAND_FRACTION,
  GeneratePredictionRequest,
  MODEL_CHOICE_NAMES,
  ModelChoice,
  Prediction,
  PredictionListQuery,
} from '@stockseer/contract';
import { InvariantViolation } from '../errors';
import { hitRange, resolveOutcome } from './hitRule';

describe('hitRange', () => {
  it.each([
    ['short', 98, 102],
    ['medium', 96, 104],
    ['long', 94, 106],
  ] as const)('%s: target ± its band of the price at prediction', (timeFrame, hitLow, hitHigh) => {
    expect(hitRange(100, 100, timeFrame)).toEqual({ hitLow, hitHigh });
  });

  it('measures the band on the price at prediction, not on the target', () => {
    // band = 2% of 200 = 4, around a target of 150
    expect(hitRange(200, 150, 'short')).toEqual({ hitLow: 146, hitHigh: 154 });
  });

  it('rounds each end to the nearest cent', () => {
    // band = 2% of 123.45 = 2.469; 130 - 2.469 = 127.531, 130 + 2.469 = 132.469
    expect(hitRange(123.45, 130, 'short')).toEqual({ hitLow: 127.53, hitHigh: 132.47 });
    // band = 6% of 33.33 = 1.9998; a model's target has more decimals than a price
    expect(hitRange(33.33, 35.123456, 'long')).toEqual({ hitLow: 33.12, hitHigh: 37.12 });
  });

  it('keeps the bands of docs/product.md#hit-rule', () => {
    expect(HIT_BAND_FRACTION).toEqual({ short: 0.02, medium: 0.04, long: 0.06 });
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a price at prediction of %s', (price) => {
    expect(() => hitRange(price, 100, 'short')).toThrow(InvariantViolation);
  });

  it('refuses a target that is not a number', () => {
    expect(() => hitRange(100, Number.NaN, 'short')).toThrow(InvariantViolation);
  });
});

describe('resolveOutcome', () => {
  const range = { hitLow: 98, hitHigh: 102 };

  it.each([
    [98, 'hit'],
    [102, 'hit'],
    [100, 'hit'],
    [97.99, 'missed'],
    [102.01, 'missed'],
  ] as const)('a close of %s is %s (both ends included)', (close, outcome) => {
    expect(resolveOutcome(range, close)).toBe(outcome);
  });

  it('agrees with the range hitRange stored, at its cent-rounded ends', () => {
    const stored = hitRange(123.45, 130, 'short');
    expect(resolveOutcome(stored, 127.53)).toBe('hit');
    expect(resolveOutcome(stored, 127.52)).toBe('missed');
    expect(resolveOutcome(stored, 132.47)).toBe('hit');
    expect(resolveOutcome(stored, 132.48)).toBe('missed');
  });

  it.each([0, -5, Number.NaN])('refuses a close of %s', (close) => {
    expect(() => resolveOutcome(range, close)).toThrow(InvariantViolation);
  });
});

describe('prediction contract', () => {
  const prediction: Prediction = {
    id: 'p1',
    symbol: 'AAPL',
    modelId: 'prophet',
    modelName: 'Prophet',
    timeFrame: 'short',
    predictionType: 'future',
    predictionDate: '2021-03-01',
    priceAtPrediction: 127.79,
    targetDate: '2021-03-10',
    targetPrice: 130.1,
    lowerPrice: 124.5,
    upperPrice: 135.2,
    ...hitRange(127.79, 130.1, 'short'),
    actualPrice: null,
    status: 'active',
    isFree: true,
    hitProbability: 0.46,
    userId: 'u1',
    userEmail: 'demo@example.com',
    createdAt: '2021-03-01T21:00:00.000Z',
  };

  it('accepts a stored prediction as it is', () => {
    expect(Prediction.parse(prediction)).toEqual(prediction);
  });

  it('names the model choices as every list shows them', () => {
    expect(ModelChoice.options.map((id) => MODEL_CHOICE_NAMES[id])).toEqual([
      'Recommended',
      'Prophet',
      'ARIMA',
      'XGBoost',
    ]);
  });

  it('lets users pick a model but not a baseline', () => {
    const request = { symbol: 'aapl', modelId: 'recommended', timeFrame: 'long' };
    expect(GeneratePredictionRequest.parse(request)).toEqual({ ...request, symbol: 'AAPL' });
    expect(GeneratePredictionRequest.safeParse({ ...request, modelId: 'naive' }).success).toBe(false);
    expect(PredictionListQuery.safeParse({ ...request, timeFrame: 'week' }).success).toBe(false);
  });
});
