import { costLabel, predictionModelName, TIME_FRAME_LABELS, type Prediction } from '@stockseer/contract';
import { toCsv } from '../../lib/csv';
import { STATUS_LABELS } from './messages';

const HEADER = [
  'Symbol',
  'Model',
  'Timeframe',
  'Prediction Date',
  'Price at Prediction',
  'Target Date',
  'Target Price',
  'Hit Low',
  'Hit High',
  'Status',
  'Actual Price',
  'Cost',
];

/** Prices as plain 2-decimal numbers and dates as YYYY-MM-DD, so a spreadsheet reads them as numbers and dates. */
const price = (dollars: number | null) => (dollars === null ? null : dollars.toFixed(2));

/** The rows the table shows, in its order, as a CSV file's text. */
export function historyCsv(predictions: readonly Prediction[]): string {
  return toCsv([
    HEADER,
    ...predictions.map((p) => [
      p.symbol,
      predictionModelName(p),
      TIME_FRAME_LABELS[p.timeFrame],
      p.predictionDate,
      price(p.priceAtPrediction),
      p.targetDate,
      price(p.targetPrice),
      price(p.hitLow),
      price(p.hitHigh),
      STATUS_LABELS[p.status],
      price(p.actualPrice),
      costLabel(p),
    ]),
  ]);
}
