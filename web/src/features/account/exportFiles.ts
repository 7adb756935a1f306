import { centsToDollars, costLabel, type AccountExport } from '@stockseer/contract';
import { toCsv, type Cell } from '../../lib/csv';

/** The files "Download my data" saves, named by the day they were made. */
export const exportFileName = (exportedAt: string, extension: 'json' | 'csv') =>
  `stockseer-my-data-${exportedAt.slice(0, 10)}.${extension}`;

export const accountJson = (data: AccountExport) => JSON.stringify(data, null, 2);

const dollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDollars(cents);

/**
 * The same data as one CSV file a spreadsheet opens: four tables (profile, predictions, statement, payments), each
 * under a row naming it and its header, a blank row between them. Money in dollars with 2 decimals, dates as stored.
 */
export function accountCsv({ profile, wallet, predictions, statement, payments }: AccountExport): string {
  const table = (name: string, header: string[], rows: Cell[][]): Cell[][] => [[name], header, ...rows, []];
  return toCsv([
    ...table(
      'Profile',
      ['Name', 'E-mail', 'Member since', 'Available', 'Reserved', 'Charged', 'Free predictions left'],
      [
        [
          profile?.displayName ?? null,
          profile?.email ?? null,
          profile?.createdAt ?? null,
          dollars(wallet?.balance),
          dollars(wallet?.reservedBalance),
          dollars(wallet?.chargedBalance),
          wallet?.freePredictions ?? null,
        ],
      ],
    ),
    ...table(
      'Predictions',
      ['Id', 'Symbol', 'Model', 'Timeframe', 'Prediction date', 'Target date', 'Target price', 'Status', 'Cost'],
      predictions.map((p) => [
        p.id,
        p.symbol,
        p.modelName,
        p.timeFrame,
        p.predictionDate,
        p.targetDate,
        p.targetPrice.toFixed(2),
        p.status,
        costLabel(p),
      ]),
    ),
    ...table(
      'Statement',
      ['Date', 'Type', 'Description', 'Amount', 'Available', 'Reserved', 'Charged', 'Balance'],
      statement.map((t) => [
        t.date,
        t.type,
        t.description,
        dollars(t.amount),
        dollars(t.effect.available),
        dollars(t.effect.reserved),
        dollars(t.effect.charged),
        dollars(t.after.available),
      ]),
    ),
    ...table(
      'Payments',
      ['Payment', 'Date', 'Amount', 'Refunded', 'Disputed', 'Refundable'],
      payments.map((p) => [
        p.paymentIntentId,
        p.date,
        dollars(p.amountCents),
        dollars(p.refundedCents),
        dollars(p.disputedCents),
        dollars(p.refundableCents),
      ]),
    ),
  ]);
}
