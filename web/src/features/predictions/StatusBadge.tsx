import type { PredictionStatus } from '@stockseer/contract';
import { STATUS_LABELS } from './messages';

/** Active, Hit or Missed: a word and an icon, so colour is never the only signal. */
const ICONS: Record<PredictionStatus, string> = {
  active: '\u25F7',
  hit: '\u2713',
  missed: '\u2715',
  cancelled: '\u2298',
};

export function StatusBadge({ status }: { status: PredictionStatus }) {
  return (
    <span className={`status-badge status-${status}`}>
      <span aria-hidden="true">{ICONS[status]}</span> {STATUS_LABELS[status]}
    </span>
  );
}
