import { useMemo } from 'react';
import { predictionModelName, TIME_FRAME_LABELS, type LiveStatus, type Prediction } from '@stockseer/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { LiveStatusView } from '../../components/LiveStatus';
import { costColumn, outcomeColumn, predictionColumn, targetColumn } from '../../components/predictionColumns';
import { COLUMNS, HISTORY_TEXT } from './messages';

/**
 * The History columns (docs/product.md#history-tab), in the order given; a column is one entry here. An open
 * prediction's outcome cell also says how it stands now (docs/product.md#live-status).
 */
const historyColumns = (live: ReadonlyMap<string, LiveStatus>): readonly Column<Prediction>[] => [
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
  withLiveStatus(outcomeColumn(COLUMNS.outcome), live),
  costColumn(COLUMNS.cost),
];

function withLiveStatus(column: Column<Prediction>, live: ReadonlyMap<string, LiveStatus>): Column<Prediction> {
  return {
    ...column,
    cell: (p) => {
      const status = p.status === 'active' ? live.get(p.id) : undefined;
      return (
        <>
          {column.cell(p)}
          {status && <LiveStatusView status={status} prediction={p} compact />}
        </>
      );
    },
  };
}

/** One row per prediction, in the order given. */
export function HistoryTable({
  predictions,
  liveStatuses,
  highlightedId,
  emptyText,
}: {
  predictions: readonly Prediction[];
  /** What an empty table says: that there are none yet, or that the filters let none through. */
  emptyText: string;
  liveStatuses: ReadonlyMap<string, LiveStatus>;
  /** The prediction a link led to (the inbox's). */
  highlightedId?: string;
}) {
  const columns = useMemo(() => historyColumns(liveStatuses), [liveStatuses]);
  return (
    <DataTable
      caption={HISTORY_TEXT.title}
      columns={columns}
      rows={predictions}
      emptyText={emptyText}
      className="history-table"
      highlightedId={highlightedId}
    />
  );
}
