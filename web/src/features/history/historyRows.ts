import type { Prediction, PredictionStatus, TimeFrame } from '@stockseer/contract';

export interface HistoryFilters {
  status: PredictionStatus | 'all';
  timeFrame: TimeFrame | 'all';
  /** Any part of the ticker, in any case. */
  ticker: string;
}

export const NO_FILTERS: HistoryFilters = { status: 'all', timeFrame: 'all', ticker: '' };

/**
 * Status and timeframe match exactly (or 'all'); the ticker search is a case-insensitive "contains"
 * (docs/product.md#history-tab).
 */
export function filterPredictions<P extends Pick<Prediction, 'status' | 'timeFrame' | 'symbol'>>(
  predictions: readonly P[],
  { status, timeFrame, ticker }: HistoryFilters,
): P[] {
  const needle = ticker.trim().toUpperCase();
  return predictions.filter(
    (p) =>
      (status === 'all' || p.status === status) &&
      (timeFrame === 'all' || p.timeFrame === timeFrame) &&
      p.symbol.toUpperCase().includes(needle),
  );
}

/** By ticker, then the newest target first, then the newest made first (docs/product.md#history-tab). */
export function sortForHistory<P extends Pick<Prediction, 'symbol' | 'targetDate' | 'createdAt'>>(
  predictions: readonly P[],
): P[] {
  return [...predictions].sort(
    (a, b) =>
      a.symbol.localeCompare(b.symbol) ||
      b.targetDate.localeCompare(a.targetDate) ||
      b.createdAt.localeCompare(a.createdAt),
  );
}
