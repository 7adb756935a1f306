import { costLabel, predictionModelName, TIME_FRAME_LABELS, type Prediction } from '@stockseer/contract';
import { STATUS_LABELS } from './messages';

type Cell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. Text that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first; a plain number aside) gets a leading apostrophe (OWASP's CSV
 * injection advice).
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  let text = String(cell);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text, CRLF between records as RFC 4180 says. */
export const toCsv = (rows: readonly (readonly Cell[])[]) =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n');

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
