import './liveStatus.css';
import type { LiveStatus, Prediction } from '@stockseer/contract';
import { LIVE_STATUS_TEXT } from './liveStatusText';
import { PathChart } from './PathChart';

type Terms = Pick<Prediction, 'hitLow' | 'hitHigh' | 'predictionDate'>;

/**
 * How an open prediction stands now (docs/product.md#live-status): the last close against the hit range, the
 * trading days left, the chance of a hit from here, and the path so far. `compact` for a table row.
 */
export function LiveStatusView({
  status,
  prediction,
  compact = false,
}: {
  status: LiveStatus;
  prediction: Terms;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'live-status live-status-compact' : 'live-status'}>
      <p className={`live-status-close live-status-${status.position}`}>
        {LIVE_STATUS_TEXT.lastClose(status, prediction.hitLow, prediction.hitHigh)}
      </p>
      {!compact && <p className="live-status-muted">{LIVE_STATUS_TEXT.asOf(status.lastCloseDate)}</p>}
      <p className="live-status-facts">
        <span>{LIVE_STATUS_TEXT.daysLeft(status.tradingDaysLeft)}</span>
        <strong>{LIVE_STATUS_TEXT.chanceNow(status.chanceNow)}</strong>
      </p>
      <PathChart status={status} prediction={prediction} />
    </div>
  );
}
