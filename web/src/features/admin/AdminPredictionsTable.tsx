import { costLabel, type Prediction } from '@stockseer/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { DateAndPrice } from '../../components/DateAndPrice';
import { HitChance } from '../../components/HitChance';
import { formatPriceWithChange } from '../../lib/format';
import { ADMIN_TEXT, COLUMNS, STATUS_LABELS, TIME_FRAME_NAMES, TYPE_LABELS, timeFrameDays } from './messages';

/** SPEC 2's admin columns, in the order given; a column is one entry here. */
const ADMIN_PREDICTION_COLUMNS: readonly Column<Prediction>[] = [
  {
    header: COLUMNS.user,
    // Long addresses are cut short on screen; the title shows them whole, and screen readers read them whole.
    cell: (p) => (
      <span className="admin-email" title={p.userEmail ?? undefined}>
        {p.userEmail ?? ADMIN_TEXT.noOwner}
      </span>
    ),
  },
  { header: COLUMNS.stock, rowHeader: true, className: 'admin-symbol', cell: (p) => p.symbol },
  { header: COLUMNS.model, cell: (p) => p.modelName },
  {
    header: COLUMNS.timeFrame,
    cell: (p) => (
      <>
        {TIME_FRAME_NAMES[p.timeFrame]}
        <span className="admin-sub">{timeFrameDays(p.timeFrame)}</span>
      </>
    ),
  },
  { header: COLUMNS.type, cell: (p) => TYPE_LABELS[p.predictionType] },
  { header: COLUMNS.prediction, cell: (p) => <DateAndPrice date={p.predictionDate} price={p.priceAtPrediction} /> },
  {
    header: COLUMNS.target,
    cell: (p) => (
      <>
        <DateAndPrice date={p.targetDate} price={p.targetPrice} />
        <HitChance probability={p.hitProbability} className="admin-sub" />
      </>
    ),
  },
  {
    header: COLUMNS.outcome,
    cell: (p) => (
      <>
        <span className={`status-badge status-${p.status}`}>{STATUS_LABELS[p.status]}</span>
        <span className="admin-sub">{actualText(p)}</span>
      </>
    ),
  },
  // A back-test record belongs to no one and cost nothing: no owner, no cost.
  {
    header: COLUMNS.cost,
    className: 'admin-nowrap',
    cell: (p) => (p.predictionType === 'future' ? costLabel(p) : ADMIN_TEXT.noOwner),
  },
];

/** One row per prediction, in the order given. */
export function AdminPredictionsTable({ predictions }: { predictions: readonly Prediction[] }) {
  return (
    <DataTable
      caption={ADMIN_TEXT.predictionsTitle}
      columns={ADMIN_PREDICTION_COLUMNS}
      rows={predictions}
      rowKey={(p) => p.id}
      emptyText={ADMIN_TEXT.empty}
      className="admin-table"
      // Named apart from the card's own region (axe: landmarks need unique names).
      regionLabel={ADMIN_TEXT.tableRegion}
    />
  );
}

/** The close on the target date and its change from the price at prediction; 'Pending' until resolved. */
function actualText({ actualPrice, priceAtPrediction }: Prediction) {
  if (actualPrice === null) return ADMIN_TEXT.pending;
  return formatPriceWithChange(actualPrice, priceAtPrediction);
}
