import { describe, expect, it } from 'vitest';
import { filterPredictions, NO_FILTERS, sortForHistory } from './historyRows';
import { userPrediction } from './predictions.testkit';

const ROWS = [
  userPrediction({ id: 'aapl-short-hit', symbol: 'AAPL', timeFrame: 'short', status: 'hit' }),
  userPrediction({ id: 'aapl-long-active', symbol: 'AAPL', timeFrame: 'long', status: 'active' }),
  userPrediction({ id: 'msft-medium-missed', symbol: 'MSFT', timeFrame: 'medium', status: 'missed' }),
  userPrediction({ id: 'brkb-short-active', symbol: 'BRK.B', timeFrame: 'short', status: 'active' }),
];
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('filterPredictions', () => {
  it('keeps everything with no filters', () => {
    expect(ids(filterPredictions(ROWS, NO_FILTERS))).toEqual(ids(ROWS));
  });

  it('filters by status and by timeframe, together', () => {
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, status: 'active' }))).toEqual([
      'aapl-long-active',
      'brkb-short-active',
    ]);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, timeFrame: 'short' }))).toEqual([
      'aapl-short-hit',
      'brkb-short-active',
    ]);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, status: 'active', timeFrame: 'short' }))).toEqual([
      'brkb-short-active',
    ]);
  });

  it('searches tickers case-insensitively for any part, ignoring surrounding spaces', () => {
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, ticker: 'ap' }))).toEqual([
      'aapl-short-hit',
      'aapl-long-active',
    ]);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, ticker: ' s ' }))).toEqual(['msft-medium-missed']);
    expect(ids(filterPredictions(ROWS, { ...NO_FILTERS, ticker: 'k.b' }))).toEqual(['brkb-short-active']);
    expect(filterPredictions(ROWS, { ...NO_FILTERS, ticker: 'zz' })).toEqual([]);
  });
});

describe('sortForHistory', () => {
  it('sorts by ticker, then the newest target first, then the newest made first', () => {
    const rows = [
      userPrediction({ id: 'msft-1', symbol: 'MSFT', targetDate: '2026-01-05' }),
      userPrediction({ id: 'aapl-old', symbol: 'AAPL', targetDate: '2025-12-01' }),
      userPrediction({
        id: 'aapl-new-1',
        symbol: 'AAPL',
        targetDate: '2026-02-01',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
      userPrediction({
        id: 'aapl-new-2',
        symbol: 'AAPL',
        targetDate: '2026-02-01',
        createdAt: '2026-01-02T00:00:00.000Z',
      }),
      userPrediction({ id: 'amzn', symbol: 'AMZN', targetDate: '2024-01-01' }),
    ];
    expect(ids(sortForHistory(rows))).toEqual(['aapl-new-2', 'aapl-new-1', 'aapl-old', 'amzn', 'msft-1']);
    expect(rows[0]!.id).toBe('msft-1');
  });
});
