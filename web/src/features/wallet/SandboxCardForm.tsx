import { useId, useState, type FormEvent } from 'react';
import { ADD_FUNDS_TEXT } from './messages';
import { confirmWithSandbox, type SandboxCard } from './sandboxCard';
import type { CardFormProps } from './cardForm';

/**
 * Offline stand-in for Stripe's Payment Element (docs/architecture.md#local-stack): the local stack's sandbox charges
 * Stripe's test cards.
 */
export function SandboxCardForm({
  paymentIntentId,
  clientSecret,
  payLabel,
  processing,
  onPay,
  sandbox,
}: CardFormProps & { sandbox: { sandboxUrl: string; publishableKey: string } }) {
  const id = useId();
  const [card, setCard] = useState<SandboxCard>({ number: '', expiry: '', cvc: '' });
  const ready = card.number.trim() !== '' && card.expiry.trim() !== '' && card.cvc.trim() !== '';

  const field = (key: keyof SandboxCard, label: string, props: { autoComplete: string; placeholder: string }) => (
    <div className="stack">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        // Focus follows the step: the amount's Continue button is gone, the card number is what comes next.
        autoFocus={key === 'number'}
        inputMode="numeric"
        value={card[key]}
        onChange={(e) => setCard((current) => ({ ...current, [key]: e.target.value }))}
        {...props}
      />
    </div>
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || processing) return;
    onPay(() => confirmWithSandbox(sandbox, { paymentIntentId, clientSecret }, card));
  };

  return (
    <form onSubmit={onSubmit} className="stack sandbox-card-form">
      <p className="test-mode-note">{ADD_FUNDS_TEXT.testMode}</p>
      {field('number', ADD_FUNDS_TEXT.cardNumber, { autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
      <div className="card-row">
        {field('expiry', ADD_FUNDS_TEXT.expiry, { autoComplete: 'cc-exp', placeholder: '12/34' })}
        {field('cvc', ADD_FUNDS_TEXT.cvc, { autoComplete: 'cc-csc', placeholder: '123' })}
      </div>
      {/* Busy is aria-disabled, not disabled: a declined card leaves the keyboard focus on Pay, not lost. */}
      <button type="submit" className="button" disabled={!ready} aria-disabled={processing}>
        {processing ? ADD_FUNDS_TEXT.processing : payLabel}
      </button>
    </form>
  );
}
