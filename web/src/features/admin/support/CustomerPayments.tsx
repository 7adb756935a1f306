import { useId } from 'react';
import type { CustomerPayment } from '@stockseer/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatCents, formatDate } from '../../../lib/format';
import { refundableNow } from './refundableNow';
import { RefundAction } from './SupportActions';
import { CUSTOMER_TEXT } from './supportText';

interface Props {
  uid: string;
  who: string;
  payments: readonly CustomerPayment[];
  /** What the wallet's Available holds: a refund takes no more (a wallet that owes money gets none). */
  availableCents: number;
  onDone: () => void;
}

const cents = (value: number) => (value === 0 ? CUSTOMER_TEXT.none : formatCents(value));

/** The customer's top-ups, newest first, with what Stripe took back from each and a Refund button. */
export function CustomerPayments({ uid, who, payments, availableCents, onDone }: Props) {
  const headingId = useId();
  const columns: Column<CustomerPayment & { id: string }>[] = [
    {
      header: CUSTOMER_TEXT.topUp,
      rowHeader: true,
      cell: (p) => (
        <>
          {formatCents(p.amountCents)}
          <span className="cell-sub">
            <code>{p.paymentIntentId}</code>
          </span>
        </>
      ),
    },
    { header: CUSTOMER_TEXT.date, cell: (p) => formatDate(p.date) },
    { header: CUSTOMER_TEXT.refunded, cell: (p) => cents(p.refundedCents) },
    { header: CUSTOMER_TEXT.disputed, cell: (p) => cents(p.disputedCents) },
    {
      header: CUSTOMER_TEXT.takenBack,
      cell: (p) =>
        p.takenBack.length === 0 ? (
          CUSTOMER_TEXT.none
        ) : (
          <ul className="customer-taken-back">
            {p.takenBack.map((line) => (
              <li key={line.id}>{line.description}</li>
            ))}
          </ul>
        ),
    },
    { header: CUSTOMER_TEXT.refundable, cell: (p) => formatCents(p.refundableCents) },
    {
      header: CUSTOMER_TEXT.actionsTitle,
      cell: (p) =>
        refundableNow(p, availableCents) > 0 ? (
          <RefundAction uid={uid} who={who} payment={p} availableCents={availableCents} onDone={onDone} />
        ) : (
          CUSTOMER_TEXT.none
        ),
    },
  ];
  return (
    <section className="card admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{CUSTOMER_TEXT.paymentsTitle}</h2>
      <DataTable
        caption={CUSTOMER_TEXT.paymentsTitle}
        columns={columns}
        rows={payments.map((p) => ({ ...p, id: p.paymentIntentId }))}
        emptyText={CUSTOMER_TEXT.paymentsEmpty}
        dense
        regionLabel={CUSTOMER_TEXT.paymentsRegion}
      />
    </section>
  );
}
