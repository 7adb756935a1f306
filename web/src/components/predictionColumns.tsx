import { costLabel, type Prediction } from '@stockseer/contract';
import { formatPriceWithChange, PENDING_TEXT, STATUS_LABELS } from '../lib/format';
import type { Column } from './DataTable';
import { DateAndPrice } from './DateAndPrice';
import { HitChance } from './HitChance';

/**
 * The columns every table of predictions shows alike (History, the Admin tab's All User Predictions), built once:
 * a table lists these beside its own, under its own header words.
 */

/** The date and close the prediction started from. */
export const predictionColumn = (header: string): Column<Prediction> => ({
  header,
  cell: (p) => <DateAndPrice date={p.predictionDate} price={p.priceAtPrediction} />,
});

/** The target date and price, and under them the chance of a hit. */
export const targetColumn = (header: string): Column<Prediction> => ({
  header,
  cell: (p) => (
    <>
      <DateAndPrice date={p.targetDate} price={p.targetPrice} />
      <HitChance probability={p.hitProbability} className="cell-sub" />
    </>
  ),
});

/**
 * Active, Hit, Missed or Cancelled, and under it the close on the target date and its change: 'Pending' while the
 * prediction is open; a cancelled one never resolves, so its status is all it says.
 */
export const outcomeColumn = (header: string): Column<Prediction> => ({
  header,
  cell: (p) => (
    <>
      <span className={`status-badge status-${p.status}`}>{STATUS_LABELS[p.status]}</span>
      {p.actualPrice !== null ? (
        <span className="cell-sub">{formatPriceWithChange(p.actualPrice, p.priceAtPrediction)}</span>
      ) : (
        p.status === 'active' && <span className="cell-sub">{PENDING_TEXT}</span>
      )}
    </>
  ),
});

/** What the prediction cost: Free, Reserved $1, Fee $1, No Fee; `other` answers for the rows it is given. */
export const costColumn = (
  header: string,
  other?: { when: (p: Prediction) => boolean; text: string; className?: string },
): Column<Prediction> => ({
  header,
  className: other?.className,
  cell: (p) => (other?.when(p) ? other.text : costLabel(p)),
});
