import { predictionModelName, TIME_FRAME_NAMES, timeFrameDays, type Prediction } from '@stockseer/contract';
import type { Column } from '../../components/DataTable';
import { costColumn, outcomeColumn, predictionColumn, targetColumn } from '../../components/predictionColumns';
import { ADMIN_TEXT, COLUMNS, TYPE_LABELS } from './messages';
import type { PagedTable } from './PagedCard';

/** The admin's columns (docs/product.md#admin-tab), in the order given; a column is one entry here. */
const ADMIN_PREDICTION_COLUMNS: readonly Column<Prediction>[] = [
  {
    header: COLUMNS.user,
    className: 'cell-wide',
    // Long addresses are cut short on screen; the title shows them whole, and screen readers read them whole.
    cell: (p) => (
      <span className="admin-email" title={p.userEmail ?? undefined}>
        {p.userEmail ?? ADMIN_TEXT.noOwner}
      </span>
    ),
  },
  { header: COLUMNS.stock, rowHeader: true, className: 'admin-symbol', cell: (p) => p.symbol },
  { header: COLUMNS.model, cell: (p) => predictionModelName(p) },
  {
    header: COLUMNS.timeFrame,
    cell: (p) => (
      <>
        {TIME_FRAME_NAMES[p.timeFrame]}
        <span className="cell-sub">{timeFrameDays(p.timeFrame)}</span>
      </>
    ),
  },
  { header: COLUMNS.type, cell: (p) => TYPE_LABELS[p.predictionType] },
  predictionColumn(COLUMNS.prediction),
  targetColumn(COLUMNS.target),
  outcomeColumn(COLUMNS.outcome),
  // A back-test record belongs to no one and cost nothing: no owner, no cost.
  costColumn(COLUMNS.cost, {
    when: (p) => p.predictionType !== 'future',
    text: ADMIN_TEXT.noOwner,
    className: 'admin-nowrap',
  }),
];

/** The predictions' table, one row per prediction in the order given: Admin > All predictions and a user's page. */
export const ADMIN_PREDICTIONS_TABLE: PagedTable<Prediction> = {
  caption: ADMIN_TEXT.predictionsTitle,
  columns: ADMIN_PREDICTION_COLUMNS,
  emptyText: ADMIN_TEXT.empty,
  regionLabel: ADMIN_TEXT.tableRegion,
};
