import { ledgerTxId } from './ledger';

const PREDICTION_LINE_PREFIXES = [ledgerTxId.reserve(''), ledgerTxId.settle('')];

/**
 * The prediction a ledger line was written for (its reservation, free use, fee or release), read off the line's
 * derived id; null for lines of other causes (deposits, adjustments).
 */
export function predictionIdOfLine(txId: string): string | null {
  const prefix = PREDICTION_LINE_PREFIXES.find((p) => txId.startsWith(p));
  return prefix ? txId.slice(prefix.length) || null : null;
}

/**
 * Newest first by the ledger's own order: the line's date, then the order the database wrote the lines in. Under the
 * local time machine every line of a pinned day has the same date (that day's close), so the write order decides.
 */
export function newestLineFirst(a: { date: string; writtenAt: number }, b: { date: string; writtenAt: number }) {
  return b.date.localeCompare(a.date) || b.writtenAt - a.writtenAt;
}
