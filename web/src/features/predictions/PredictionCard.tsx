import { costLabel, predictionModelName, type LiveStatus, type Prediction } from '@stockseer/contract';
import { HitChance } from '../../components/HitChance';
import { LiveStatusView } from '../../components/LiveStatus';
import { formatDate, formatPrice, formatPriceRange, formatPriceWithChange } from '../../lib/format';
import { CARD_TEXT } from './messages';
import { StatusBadge } from './StatusBadge';

/**
 * One forecast (docs/product.md#predictions-tab): when it was made and at what price, the target with its change, the
 * 80% range, the hit rule fixed when it was made, the outcome and, for a user's own forecast, what it cost. An open
 * forecast also shows how it stands now (`live`, docs/product.md#live-status).
 */
export function PredictionCard({
  prediction: p,
  highlighted = false,
  live,
}: {
  prediction: Prediction;
  highlighted?: boolean;
  live?: LiveStatus;
}) {
  const targetDate = formatDate(p.targetDate);
  return (
    <article
      className={highlighted ? 'card prediction-card prediction-card-highlighted' : 'card prediction-card'}
      aria-label={`${p.symbol} forecast for ${targetDate}`}
      aria-current={highlighted || undefined}
    >
      <header className="prediction-card-head">
        <span className="prediction-model">{predictionModelName(p)}</span>
        <StatusBadge status={p.status} />
      </header>
      <dl className="prediction-facts">
        <Fact
          label={CARD_TEXT.predicted}
          date={formatDate(p.predictionDate)}
          value={formatPrice(p.priceAtPrediction)}
        />
        <Fact
          label={CARD_TEXT.target}
          date={targetDate}
          value={formatPriceWithChange(p.targetPrice, p.priceAtPrediction)}
        />
        <Fact label={CARD_TEXT.range} value={formatPriceRange(p.lowerPrice, p.upperPrice)} />
        <Fact
          label={CARD_TEXT.actual}
          value={p.actualPrice === null ? CARD_TEXT.pending : formatPriceWithChange(p.actualPrice, p.priceAtPrediction)}
        />
      </dl>
      <p className="prediction-hit-rule">
        {CARD_TEXT.hitRange(targetDate)} <strong>{formatPriceRange(p.hitLow, p.hitHigh)}</strong>
      </p>
      <p className="prediction-chance">
        <HitChance probability={p.hitProbability} />
      </p>
      {live && p.status === 'active' && <LiveStatusView status={live} prediction={p} />}
      {/* Back-tests belong to no one and cost nothing: only a user's own forecast has a cost. */}
      {p.predictionType === 'future' && (
        <p className="prediction-cost">
          {CARD_TEXT.cost}: <strong>{costLabel(p)}</strong>
        </p>
      )}
    </article>
  );
}

function Fact({ label, date, value }: { label: string; date?: string; value: string }) {
  return (
    <div className="prediction-fact">
      <dt>{label}</dt>
      <dd>
        {date && <span className="prediction-fact-date">{date}</span>}
        <span className="prediction-fact-value">{value}</span>
      </dd>
    </div>
  );
}
