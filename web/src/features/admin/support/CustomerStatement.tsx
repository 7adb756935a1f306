import type { TransactionLine } from '@stockseer/contract';
import type { Column } from '../../../components/DataTable';
import { formatCents, formatCentsChange, formatDate } from '../../../lib/format';
import type { useCustomerStatement } from './customerApi';
import { PagedCard } from '../PagedCard';
import { CUSTOMER_TEXT } from './supportText';

/** The ledger's lines as the customer's statement has them: what each moved, and Available after it. */
const STATEMENT_COLUMNS: readonly Column<TransactionLine>[] = [
  { header: CUSTOMER_TEXT.date, cell: (line) => formatDate(line.date) },
  {
    header: CUSTOMER_TEXT.line,
    rowHeader: true,
    cell: (line) => (
      <>
        {line.description}
        <span className="cell-sub">
          <code>{line.id}</code>
        </span>
      </>
    ),
  },
  // What the line moved of each figure, signed.
  ...(['available', 'reserved', 'charged'] as const).map((figure): Column<TransactionLine> => ({
    header: CUSTOMER_TEXT[figure],
    amount: true,
    cell: (line) => formatCentsChange(line.effect[figure]),
  })),
  {
    header: CUSTOMER_TEXT.availableAfter,
    amount: true,
    cell: (line) => formatCents(line.after.available),
  },
];

/** The customer's statement, newest first, a page at a time. */
export function CustomerStatement({ pages }: { pages: ReturnType<typeof useCustomerStatement> }) {
  return (
    <PagedCard
      title={CUSTOMER_TEXT.statementTitle}
      pages={pages}
      rowsOf={(page) => page.lines}
      columns={STATEMENT_COLUMNS}
      emptyText={CUSTOMER_TEXT.statementEmpty}
      regionLabel={CUSTOMER_TEXT.statementRegion}
    />
  );
}
