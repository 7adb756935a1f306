import { useState } from 'react';
import {
  TIME_FRAME_LABELS,
  TRANSACTION_HISTORY_LIMIT,
  type TransactionLine,
  type TransactionType,
  type WalletFigures,
} from '@stockseer/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { formatCents, formatCentsChange, formatDate } from '../../lib/format';
import { PREDICTION_LINE_TEXT, STATEMENT_TEXT, TRANSACTION_LABELS, WALLET_TEXT } from './messages';
import './transactionTypes.css';

/** Free-prediction lines move no money: folded away unless asked for, so the lines that do stand out. */
const isFolded = (line: TransactionLine) => line.type === 'free_prediction';

const predictionText: Partial<Record<TransactionType, (ticker: string) => string>> = PREDICTION_LINE_TEXT;

/** A prediction's line in the statement's words; any other line as the ledger described it, under its kind. */
function LineName({ line }: { line: TransactionLine }) {
  const named = predictionText[line.type];
  const about = line.prediction
    ? `${line.prediction.modelName} · ${TIME_FRAME_LABELS[line.prediction.timeFrame]}`
    : (TRANSACTION_LABELS as Partial<Record<TransactionType, string>>)[line.type];
  return (
    <>
      <span className="statement-line-name">{named && line.ticker ? named(line.ticker) : line.description}</span>
      {about && <span className="cell-sub">{about}</span>}
    </>
  );
}

/** Green for money coming into Available, red for money Stripe took back out of it (transactionTypes.css). */
function tone(line: TransactionLine, figure: keyof WalletFigures): string | undefined {
  if (figure !== 'available') return undefined;
  return line.effect.available > 0 ? 'statement-in' : `transaction-${line.type}`;
}

const effectColumn = (figure: keyof WalletFigures): Column<TransactionLine> => ({
  header: STATEMENT_TEXT[figure],
  amount: true,
  cell: (line) =>
    figure === 'available' && line.type === 'free_prediction' ? (
      <span className="statement-free">{STATEMENT_TEXT.free}</span>
    ) : (
      formatCentsChange(line.effect[figure]) && (
        <span className={tone(line, figure)}>{formatCentsChange(line.effect[figure])}</span>
      )
    ),
});

/**
 * A statement's columns (docs/product.md#statement): the line, its effect on each of the wallet's figures, Available
 * after it.
 */
const STATEMENT_COLUMNS: readonly Column<TransactionLine>[] = [
  { header: STATEMENT_TEXT.date, className: 'statement-date', cell: (line) => formatDate(line.date) },
  { header: STATEMENT_TEXT.transaction, rowHeader: true, cell: (line) => <LineName line={line} /> },
  effectColumn('available'),
  effectColumn('reserved'),
  effectColumn('charged'),
  {
    header: STATEMENT_TEXT.balance,
    amount: true,
    className: 'statement-balance',
    cell: (line) => (
      <span className={line.after.available < 0 ? 'statement-owing' : undefined}>
        {formatCents(line.after.available)}
      </span>
    ),
  },
];

/** What the wallet held before the oldest line shown: its figures after that line, less what the line moved. */
function broughtForward(oldest: TransactionLine): string {
  const before = (figure: keyof WalletFigures) => formatCents(oldest.after[figure] - oldest.effect[figure]);
  return STATEMENT_TEXT.broughtForward(before('available'), before('reserved'), before('charged'));
}

interface Props {
  transactions: TransactionLine[] | undefined;
  failed: boolean;
  /** The line a link led to (the inbox's): marked and scrolled to. */
  highlightedId?: string;
}

/**
 * The Payment History as a statement a pencil can check (docs/product.md#statement, issue 23): newest first (the
 * server's order, by the ledger's own time), each line's effect on Available, Reserved and Charged as the server
 * counted it, and the Available balance after it; the newest line's balance is the Available shown above.
 */
export function PaymentHistory({ transactions, failed, highlightedId }: Props) {
  const [showFree, setShowFree] = useState(false);
  const folded = transactions?.filter(isFolded).length ?? 0;
  const shown = showFree ? transactions : transactions?.filter((line) => !isFolded(line));
  return (
    <section className="card payment-history" aria-labelledby="payment-history-title">
      <div className="payment-history-head">
        <h2 id="payment-history-title">{WALLET_TEXT.history}</h2>
        {folded > 0 && (
          <button type="button" className="link-button" aria-pressed={showFree} onClick={() => setShowFree(!showFree)}>
            {showFree ? WALLET_TEXT.hideFree : WALLET_TEXT.showFree(folded)}
          </button>
        )}
      </div>
      {failed && !transactions ? (
        <p className="error-text">{WALLET_TEXT.historyFailed}</p>
      ) : shown === undefined ? (
        <p className="muted">…</p>
      ) : transactions?.length === 0 ? (
        <p className="muted">{WALLET_TEXT.noHistory}</p>
      ) : (
        <>
          <p className="muted statement-legend">{STATEMENT_TEXT.legend}</p>
          <DataTable
            caption={WALLET_TEXT.history}
            columns={STATEMENT_COLUMNS}
            rows={shown}
            emptyText={WALLET_TEXT.onlyFreeFolded}
            className="statement-table"
            highlightedId={highlightedId}
          />
          {transactions!.length >= TRANSACTION_HISTORY_LIMIT && (
            <p className="muted">
              {WALLET_TEXT.historyTruncated(TRANSACTION_HISTORY_LIMIT)} {broughtForward(transactions!.at(-1)!)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
