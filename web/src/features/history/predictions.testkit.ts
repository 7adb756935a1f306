import type { Prediction } from '@stockseer/contract';

const BASE: Prediction = {
  id: 'x',
  symbol: 'AAPL',
  modelId: 'arima',
  modelName: 'ARIMA',
  timeFrame: 'short',
  predictionType: 'future',
  predictionDate: '2026-11-12',
  priceAtPrediction: 100,
  targetDate: '2026-11-23',
  targetPrice: 103,
  lowerPrice: 97,
  upperPrice: 109,
  hitLow: 101,
  hitHigh: 105,
  actualPrice: null,
  status: 'active',
  isFree: true,
  hitProbability: 0.46,
  userId: 'u1',
  userEmail: 'ada@example.com',
  createdAt: '2026-11-12T21:00:00.000Z',
};

/** A user's forecast for the history tests: an active free AAPL one unless told otherwise. */
export const userPrediction = (overrides: Partial<Prediction>): Prediction => ({ ...BASE, ...overrides });
