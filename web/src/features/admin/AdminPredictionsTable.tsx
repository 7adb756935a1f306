import { costLabel, type Prediction } from '@stockseer/contract';
import { DataTable } from '../../components/DataTable';
import { DateAndPrice } from '../../components/DateAndPrice';
import { HitChance } from '../../components/HitChance';
import { formatPriceWithChange } from '../../lib/format';
import { ADMIN_TEXT, COLUMNS, STATUS_LABELS, TIME_FRAME_NAMES, TYPE_LABELS, timeFrameDays } from './messages';

/** SPEC 2's admin columns, one row per prediction, in the order given. */
export function AdminPredictionsTable({ predictions }: { predictions: readonly Prediction[] }) {
  return (
    <DataTable
      caption={ADMIN_TEXT.predictionsTitle}
      columns={Object.values(COLUMNS)}
      rows={predictions}
      rowKey={(p) => p.id}
      renderRow={(p) => <PredictionRow prediction={p} />}
      emptyText={ADMIN_TEXT.empty}
      className="admin-table"
      // Named apart from the card's own region (axe: landmarks need unique names).
      regionLabel={ADMIN_TEXT.tableRegion}
    />
  );
}

function PredictionRow({ prediction: p }: { prediction: Prediction }) {
  // A back-test record belongs to no one and cost nothing: no owner, no cost.
  const owned = p.predictionType === 'future';
  return (
    <tr>
      <td>
        {/* Long addresses are cut short on screen; the title shows them whole, and screen readers read them whole. */}
        <span className="admin-email" title={p.userEmail ?? undefined}>
          {p.userEmail ?? ADMIN_TEXT.noOwner}
        </span>
      </td>
      <th scope="row" className="admin-symbol">
        {p.symbol}
      </th>
      <td>{p.modelName}</td>
      <td>
        {TIME_FRAME_NAMES[p.timeFrame]}
        <span className="admin-sub">{timeFrameDays(p.timeFrame)}</span>
      </td>
      <td>{TYPE_LABELS[p.predictionType]}</td>
      <td>
        <DateAndPrice date={p.predictionDate} price={p.priceAtPrediction} />
      </td>
      <td>
        <DateAndPrice date={p.targetDate} price={p.targetPrice} />
        <HitChance probability={p.hitProbability} className="admin-sub" />
      </td>
      <td>
        <span className={`status-badge status-${p.status}`}>{STATUS_LABELS[p.status]}</span>
        <span className="admin-sub">{actualText(p)}</span>
      </td>
      <td className="admin-nowrap">{owned ? costLabel(p) : ADMIN_TEXT.noOwner}</td>
    </tr>
  );
}

/** The close on the target date and its change from the price at prediction; 'Pending' until resolved. */
function actualText({ actualPrice, priceAtPrediction }: Prediction) {
  if (actualPrice === null) return ADMIN_TEXT.pending;
  return formatPriceWithChange(actualPrice, priceAtPrediction);
}
