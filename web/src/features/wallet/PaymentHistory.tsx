import { TRANSACTION_HISTORY_LIMIT, type Transaction, type TransactionType } from '@stockseer/contract';
import { formatCents, formatDate } from '../../lib/format';
import { TRANSACTION_LABELS, WALLET_TEXT } from './messages';
import './transactionTypes.css';

// Which way a line moved the available balance; a fee is taken from the reservation, a free prediction costs nothing.
const SIGN: Record<TransactionType, string> = {
  deposit: '+',
  refund: '+',
  other: '+',
  reservation: '−',
  payment: '',
  free_prediction: '',
  top_up_refund: '−',
  dispute: '−',
  dispute_won: '+',
  // The decision alone: the amount left the balance when the dispute was opened.
  dispute_lost: '',
};

interface Props {
  transactions: Transaction[] | undefined;
  failed: boolean;
}

/** SPEC 2: the wallet's transactions, newest first (the server's order). */
export function PaymentHistory({ transactions, failed }: Props) {
  return (
    <section className="card payment-history" aria-labelledby="payment-history-title">
      <h2 id="payment-history-title">{WALLET_TEXT.history}</h2>
      {failed && !transactions ? (
        <p className="error-text">{WALLET_TEXT.historyFailed}</p>
      ) : transactions === undefined ? (
        <p className="muted">…</p>
      ) : transactions.length === 0 ? (
        <p className="muted">{WALLET_TEXT.noHistory}</p>
      ) : (
        <>
          <ul className="transactions">
            {transactions.map((t) => (
              <li key={t.id} className="transaction">
                <div>
                  <p className="transaction-description">{t.description}</p>
                  <p className="muted transaction-meta">
                    {TRANSACTION_LABELS[t.type]} · {formatDate(t.date)}
                  </p>
                </div>
                <p className={`transaction-amount transaction-${t.type}`}>
                  {SIGN[t.type]}
                  {formatCents(t.amount)}
                </p>
              </li>
            ))}
          </ul>
          {transactions.length >= TRANSACTION_HISTORY_LIMIT && (
            <p className="muted">{WALLET_TEXT.historyTruncated(TRANSACTION_HISTORY_LIMIT)}</p>
          )}
        </>
      )}
    </section>
  );
}
