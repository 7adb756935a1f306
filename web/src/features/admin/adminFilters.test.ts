import { describe, expect, it } from 'vitest';
import { filterPredictions, newestFirst, NO_FILTERS } from './adminFilters';
import { aPrediction } from './testing';

const ROWS = [
  aPrediction({ id: 'ada-short', userId: 'u-ada', status: 'hit' }),
  aPrediction({ id: 'bob-long', userId: 'u-bob', timeFrame: 'long', modelId: 'prophet' }),
  aPrediction({ id: 'backtest', userId: null, predictionType: 'historical', status: 'missed', modelId: 'xgboost' }),
];
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('filterPredictions', () => {
  it('keeps everything with no filters', () => {
    expect(ids(filterPredictions(ROWS, NO_FILTERS))).toEqual(ids(ROWS));
  });

  it('matches each filter exactly', () => {
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, user: 'u-bob' }))).toEqual(['bob-long']);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, status: 'missed' }))).toEqual(['backtest']);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, timeFrame: 'short' }))).toEqual(['ada-short', 'backtest']);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, type: 'future' }))).toEqual(['ada-short', 'bob-long']);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, model: 'prophet' }))).toEqual(['bob-long']);
  });

  it('needs every filter to match together', () => {
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, user: 'u-ada', status: 'hit', type: 'future' }))).toEqual([
      'ada-short',
    ]);
    expect(filterPredictions(ROWS, { ...NO_FILTERS, user: 'u-ada', status: 'active' })).toEqual([]);
  });
});

describe('newestFirst', () => {
  it('orders by creation, newest first, without touching its input', () => {
    const rows = [
      aPrediction({ id: 'old', createdAt: '2025-06-01T10:00:00.000Z' }),
      aPrediction({ id: 'new', createdAt: '2025-06-03T10:00:00.000Z' }),
      aPrediction({ id: 'mid', createdAt: '2025-06-02T10:00:00.000Z' }),
    ];
    expect(ids(newestFirst(rows))).toEqual(['new', 'mid', 'old']);
    expect(rows[0]!.id).toBe('old');
  });
});
