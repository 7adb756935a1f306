import { costLabel, type Prediction } from '@stockseer/contract';
import { DataTable } from '../../components/DataTable';
import { DateAndPrice } from '../../components/DateAndPrice';
import { HitChance } from '../../components/HitChance';
import { formatPriceWithChange } from '../../lib/format';
import { COLUMNS, HISTORY_TEXT, STATUS_LABELS, timeFrameLabel } from './messages';

/** SPEC 2's columns, one row per prediction, in the order given. */
export function HistoryTable({ predictions }: { predictions: readonly Prediction[] }) {
  return (
    <DataTable
      caption={HISTORY_TEXT.title}
      columns={Object.values(COLUMNS)}
      rows={predictions}
      rowKey={(p) => p.id}
      renderRow={(p) => <HistoryRow prediction={p} />}
      emptyText={HISTORY_TEXT.empty}
      className="history-table"
    />
  );
}

function HistoryRow({ prediction: p }: { prediction: Prediction }) {
  return (
    <tr>
      <th scope="row">
        <span className="history-symbol">{p.symbol}</span>
        <span className="history-sub">
          {p.modelName} · {timeFrameLabel(p.timeFrame)}
        </span>
      </th>
      <td>
        <DateAndPrice date={p.predictionDate} price={p.priceAtPrediction} />
      </td>
      <td>
        <DateAndPrice date={p.targetDate} price={p.targetPrice} />
        <HitChance probability={p.hitProbability} className="history-sub" />
      </td>
      <td>
        <span className={`status-badge status-${p.status}`}>{STATUS_LABELS[p.status]}</span>
        <span className="history-sub">
          {p.actualPrice === null ? HISTORY_TEXT.pending : formatPriceWithChange(p.actualPrice, p.priceAtPrediction)}
        </span>
      </td>
      <td>{costLabel(p)}</td>
    </tr>
  );
}
