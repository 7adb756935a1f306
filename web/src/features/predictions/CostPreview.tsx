import { ERROR_MESSAGES, type PredictionPreview } from '@stockseer/contract';
import { RetryButton } from '../../components/RetryButton';
import { failedReadText } from '../../lib/failedRead';
import { hitChanceText, ODDS_TEXT } from './oddsText';
import './costPreview.css';

interface Props {
  preview: PredictionPreview | undefined;
  /** Why the preview could not be had, if it could not. */
  error: unknown;
  onRetry: () => unknown;
}

/**
 * Why the next click would be refused, as the server says it. Its insufficient-funds text already names the smallest
 * top-up; a wallet below zero's does not, so the preview adds it.
 */
const insufficientText = (message: string) =>
  message === ERROR_MESSAGES.insufficientFunds ? message : `${message}. ${ODDS_TEXT.minimumTopUp}`;

/**
 * Before the click, what a hit of the forecast it would make is (its hit range on its target date), its chance of a
 * hit and what the click costs; when the wallet cannot pay, why (the button below it is then Add funds).
 */
export function CostPreview({ preview, error, onRetry }: Props) {
  if (!preview) {
    return error !== undefined ? (
      <div className="cost-preview read-failed">
        <p className="muted">{failedReadText(error, ODDS_TEXT.previewFailed)}</p>
        <RetryButton onRetry={onRetry} />
      </div>
    ) : (
      <p className="cost-preview muted" aria-busy="true">
        {ODDS_TEXT.previewLoading}
      </p>
    );
  }
  const { cost, allowance } = preview;
  return (
    <section className="cost-preview" aria-label={ODDS_TEXT.previewLabel}>
      <p className="cost-preview-hit">
        {ODDS_TEXT.hitsIf(preview.symbol, preview.hitLow, preview.hitHigh, preview.targetDate)}
      </p>
      <p className="cost-preview-chance">{hitChanceText(preview.hitProbability)}</p>
      {cost.kind === 'free' && <p className="cost-preview-cost">{ODDS_TEXT.free(allowance.freeLeft)}</p>}
      {cost.kind === 'reserve' && (
        <p className="cost-preview-cost">{ODDS_TEXT.reserve(cost.amountCents, cost.expectedCostCents)}</p>
      )}
      {cost.kind === 'duplicate' && (
        <p className="cost-preview-cost">
          <strong>{ODDS_TEXT.duplicate}</strong>. {ODDS_TEXT.duplicateHint}
        </p>
      )}
      {cost.kind === 'insufficient' && (
        <div className="cost-preview-insufficient" role="note">
          <p>{insufficientText(cost.message)}</p>
        </div>
      )}
    </section>
  );
}
