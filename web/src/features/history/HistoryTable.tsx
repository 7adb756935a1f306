import { costLabel, type Prediction } from '@stockseer/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { DateAndPrice } from '../../components/DateAndPrice';
import { HitChance } from '../../components/HitChance';
import { formatPriceWithChange } from '../../lib/format';
import { COLUMNS, HISTORY_TEXT, STATUS_LABELS, timeFrameLabel } from './messages';

/** SPEC 2's columns, in the order given; a column is one entry here. */
const HISTORY_COLUMNS: readonly Column<Prediction>[] = [
  {
    header: COLUMNS.stock,
    rowHeader: true,
    cell: (p) => (
      <>
        <span className="history-symbol">{p.symbol}</span>
        <span className="history-sub">
          {p.modelName} · {timeFrameLabel(p.timeFrame)}
        </span>
      </>
    ),
  },
  { header: COLUMNS.prediction, cell: (p) => <DateAndPrice date={p.predictionDate} price={p.priceAtPrediction} /> },
  {
    header: COLUMNS.target,
    cell: (p) => (
      <>
        <DateAndPrice date={p.targetDate} price={p.targetPrice} />
        <HitChance probability={p.hitProbability} className="history-sub" />
      </>
    ),
  },
  {
    header: COLUMNS.outcome,
    cell: (p) => (
      <>
        <span className={`status-badge status-${p.status}`}>{STATUS_LABELS[p.status]}</span>
        <span className="history-sub">
          {p.actualPrice === null ? HISTORY_TEXT.pending : formatPriceWithChange(p.actualPrice, p.priceAtPrediction)}
        </span>
      </>
    ),
  },
  { header: COLUMNS.cost, cell: (p) => costLabel(p) },
];

/** One row per prediction, in the order given. */
export function HistoryTable({ predictions }: { predictions: readonly Prediction[] }) {
  return (
    <DataTable
      caption={HISTORY_TEXT.title}
      columns={HISTORY_COLUMNS}
      rows={predictions}
      rowKey={(p) => p.id}
      emptyText={HISTORY_TEXT.empty}
      className="history-table"
    />
  );
}
