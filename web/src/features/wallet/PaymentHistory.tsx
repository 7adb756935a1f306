import { useState } from 'react';
import {
  TIME_FRAME_LABELS,
  TRANSACTION_HISTORY_LIMIT,
  type TransactionLine,
  type TransactionType,
} from '@stockseer/contract';
import { formatCents, formatDate } from '../../lib/format';
import { TRANSACTION_LABELS, WALLET_TEXT } from './messages';
import './transactionTypes.css';

/**
 * Which way each kind of line moved the user's money: in (deposits, releases, credits, a won dispute) or out
 * (reservations, fees, money Stripe took back; a free prediction spent $0.00), or not at all (a lost dispute's
 * decision). A new kind of line is one more entry here and in TRANSACTION_LABELS.
 */
const SIGN: Record<TransactionType, '+' | '−' | ''> = {
  deposit: '+',
  refund: '+',
  other: '+',
  reservation: '−',
  payment: '−',
  free_prediction: '−',
  top_up_refund: '−',
  dispute: '−',
  dispute_won: '+',
  // The decision alone: the amount left the balance when the dispute was opened.
  dispute_lost: '',
};

const DIRECTION = { '+': 'in', '−': 'out', '': 'none' } as const;

/** Free-prediction lines move no money: folded away unless asked for, so the lines that do stand out. */
const isFolded = (line: TransactionLine) => line.type === 'free_prediction';

interface Props {
  transactions: TransactionLine[] | undefined;
  failed: boolean;
}

/** SPEC 2: the wallet's transactions, newest first (the server's order, by the ledger's own time). */
export function PaymentHistory({ transactions, failed }: Props) {
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
          <ul className="transactions">
            {shown.map((line) => (
              <PaymentLine key={line.id} line={line} />
            ))}
          </ul>
          {transactions!.length >= TRANSACTION_HISTORY_LIMIT && (
            <p className="muted">{WALLET_TEXT.historyTruncated(TRANSACTION_HISTORY_LIMIT)}</p>
          )}
        </>
      )}
    </section>
  );
}

function PaymentLine({ line }: { line: TransactionLine }) {
  const about = line.prediction ? [line.prediction.modelName, TIME_FRAME_LABELS[line.prediction.timeFrame]] : [];
  return (
    <li className="transaction">
      <div>
        <p className="transaction-description">{line.description}</p>
        <p className="muted transaction-meta">
          {[TRANSACTION_LABELS[line.type], formatDate(line.date), ...about].join(' · ')}
        </p>
      </div>
      <p className={`transaction-amount transaction-${DIRECTION[SIGN[line.type]]} transaction-${line.type}`}>
        {SIGN[line.type]}
        {formatCents(line.amount)}
      </p>
    </li>
  );
}
