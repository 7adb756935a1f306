/** The History tab's texts (docs/product.md#ui-texts), written once; the tests import the same constants. */
export const HISTORY_TEXT = {
  title: 'Your Prediction History',
  statusFilter: 'Status',
  timeFrameFilter: 'Timeframe',
  tickerSearch: 'Search ticker',
  tickerPlaceholder: 'e.g. AAPL',
  all: 'All',
  loading: 'Loading your predictions...',
  empty: 'No predictions found based on your filters.',
  /** With no prediction at all, filters or not: nothing was filtered away. */
  noneYet: 'You have no predictions yet. Pick a stock on the Predictions tab to make one.',
  download: 'Download CSV',
  errorTitle: 'Error',
  failed: 'Failed to fetch prediction history. Please try again.',
  count: (shown: number, total: number) => `Showing ${shown} of ${total} predictions`,
} as const;

export const COLUMNS = {
  stock: 'Stock',
  prediction: 'Prediction Date/Price',
  target: 'Target Date/Price',
  outcome: 'Status/Actual Price',
  cost: 'Cost',
} as const;

export { STATUS_LABELS } from '../../lib/format';
