import { costLabel, type Prediction } from '@stockseer/contract';
import { formatDate, formatPercent, formatPrice } from '../../lib/format';
import { ADMIN_TEXT, COLUMNS, STATUS_LABELS, TYPE_LABELS, timeFrameLabel } from './messages';

/** SPEC 2's admin columns, one row per prediction, in the order given. */
export function AdminPredictionsTable({ predictions }: { predictions: readonly Prediction[] }) {
  return (
    <div className="table-scroll" role="region" aria-label={ADMIN_TEXT.predictionsTitle} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{ADMIN_TEXT.predictionsTitle}</caption>
        <thead>
          <tr>
            {Object.values(COLUMNS).map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {predictions.length === 0 ? (
            <tr>
              <td colSpan={Object.keys(COLUMNS).length} className="admin-empty">
                {ADMIN_TEXT.empty}
              </td>
            </tr>
          ) : (
            predictions.map((p) => <PredictionRow key={p.id} prediction={p} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function PredictionRow({ prediction: p }: { prediction: Prediction }) {
  // A back-test record belongs to no one and cost nothing: no owner, no cost.
  const owned = p.predictionType === 'future';
  return (
    <tr>
      <td className="admin-email">{p.userEmail ?? ADMIN_TEXT.noOwner}</td>
      <th scope="row" className="admin-symbol">
        {p.symbol}
      </th>
      <td>{p.modelName}</td>
      <td className="admin-nowrap">{timeFrameLabel(p.timeFrame)}</td>
      <td>{TYPE_LABELS[p.predictionType]}</td>
      <td>
        <DateAndPrice date={p.predictionDate} price={p.priceAtPrediction} />
      </td>
      <td>
        <DateAndPrice date={p.targetDate} price={p.targetPrice} />
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
  return `${formatPrice(actualPrice)} (${formatPercent(((actualPrice - priceAtPrediction) / priceAtPrediction) * 100)})`;
}

function DateAndPrice({ date, price }: { date: string; price: number }) {
  return (
    <>
      <span className="admin-date">{formatDate(date)}</span>
      <span className="admin-price">{formatPrice(price)}</span>
    </>
  );
}
