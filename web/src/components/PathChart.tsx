import type { LiveStatus, Prediction } from '@stockseer/contract';
import { LIVE_STATUS_TEXT } from './liveStatusText';

const WIDTH = 240;
const HEIGHT = 48;
const PAD = 3;

/**
 * The closes since the prediction date against the hit range, in a tiny inline SVG: time runs from the prediction
 * date to the target date (trading days), so the line's length says how much of the wait is behind.
 */
export function PathChart({
  status,
  prediction,
}: {
  status: Pick<LiveStatus, 'path' | 'tradingDaysLeft'>;
  prediction: Pick<Prediction, 'hitLow' | 'hitHigh' | 'predictionDate'>;
}) {
  const { path, tradingDaysLeft } = status;
  const first = path[0];
  const last = path.at(-1);
  if (!first || !last) return null;
  const closes = path.map((p) => p.close);
  // A margin above and below, so that the hit range never fills the whole box and a close outside it shows as such.
  const margin = (Math.max(...closes, prediction.hitHigh) - Math.min(...closes, prediction.hitLow)) * 0.2 || 1;
  const low = Math.min(...closes, prediction.hitLow) - margin;
  const high = Math.max(...closes, prediction.hitHigh) + margin;
  const span = high - low;
  const days = Math.max(1, path.length - 1 + tradingDaysLeft);
  const x = (i: number) => PAD + (i / days) * (WIDTH - 2 * PAD);
  const y = (price: number) => PAD + ((high - price) / span) * (HEIGHT - 2 * PAD);
  const points = path.map((p, i) => `${x(i).toFixed(1)},${y(p.close).toFixed(1)}`).join(' ');
  return (
    <svg
      className="path-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={LIVE_STATUS_TEXT.chart(
        prediction.predictionDate,
        first.close,
        last.close,
        prediction.hitLow,
        prediction.hitHigh,
      )}
    >
      <rect
        className="path-chart-range"
        x={0}
        width={WIDTH}
        y={y(prediction.hitHigh)}
        height={Math.max(1, y(prediction.hitLow) - y(prediction.hitHigh))}
      />
      <line className="path-chart-target" x1={x(days)} x2={x(days)} y1={0} y2={HEIGHT} />
      <polyline className="path-chart-line" points={points} vectorEffect="non-scaling-stroke" />
      {/* A round-capped dot of zero length: stays round when the chart is stretched to its box. */}
      <line
        className="path-chart-last"
        x1={x(path.length - 1)}
        x2={x(path.length - 1)}
        y1={y(last.close)}
        y2={y(last.close)}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
