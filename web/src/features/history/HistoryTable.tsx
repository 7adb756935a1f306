import { predictionModelName, TIME_FRAME_LABELS, type Prediction } from '@stockseer/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { costColumn, outcomeColumn, predictionColumn, targetColumn } from '../../components/predictionColumns';
import { COLUMNS, HISTORY_TEXT } from './messages';

/** The History columns (docs/product.md#history-tab), in the order given; a column is one entry here. */
const HISTORY_COLUMNS: readonly Column<Prediction>[] = [
  {
    header: COLUMNS.stock,
    rowHeader: true,
    cell: (p) => (
      <>
        <span className="history-symbol">{p.symbol}</span>
        <span className="cell-sub">
          {predictionModelName(p)} · {TIME_FRAME_LABELS[p.timeFrame]}
        </span>
      </>
    ),
  },
  predictionColumn(COLUMNS.prediction),
  targetColumn(COLUMNS.target),
  outcomeColumn(COLUMNS.outcome),
  costColumn(COLUMNS.cost),
];

/** One row per prediction, in the order given. */
export function HistoryTable({ predictions }: { predictions: readonly Prediction[] }) {
  return (
    <DataTable
      caption={HISTORY_TEXT.title}
      columns={HISTORY_COLUMNS}
      rows={predictions}
      emptyText={HISTORY_TEXT.empty}
      className="history-table"
    />
  );
}
