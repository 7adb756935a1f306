import { useId, useState, type FormEvent } from 'react';
import { TOP_UP_DOLLARS, topUpProblem, type TopUpProblem } from '@stockseer/contract';
import { ADD_FUNDS_TEXT, amountProblemText } from './messages';
import { keepAmountCharacters } from './amountInput';

interface Props {
  amountText: string;
  onAmountTextChange: (text: string) => void;
  /** Called with a valid amount in dollars. */
  onContinue: (dollars: number) => void;
}

/** The dialog's first step: an amount (docs/product.md#top-ups) typed or picked from the quick amounts. */
export function AmountStep({ amountText, onAmountTextChange, onContinue }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<TopUpProblem | null>(null);
  const error = problem && amountProblemText(problem);

  const change = (text: string) => {
    setProblem(null);
    onAmountTextChange(keepAmountCharacters(text));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = Number(amountText);
    const found = topUpProblem(dollars);
    setProblem(found);
    if (found === null) onContinue(dollars);
  };

  return (
    <form onSubmit={onSubmit} className="stack amount-step" noValidate>
      <label htmlFor={`${id}-amount`}>{ADD_FUNDS_TEXT.amountLabel}</label>
      <div className="amount-input">
        <span aria-hidden="true">$</span>
        {/* The dialog opens on the amount (data-autofocus), and Go Back from the card form returns to it (autoFocus). */}
        <input
          id={`${id}-amount`}
          data-autofocus
          autoFocus
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          aria-invalid={problem !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => change(e.target.value)}
        />
      </div>
      <div role="group" aria-label={ADD_FUNDS_TEXT.quickAmounts} className="quick-amounts">
        {TOP_UP_DOLLARS.quick.map((dollars) => (
          <button
            key={dollars}
            type="button"
            className="quick-amount"
            aria-pressed={amountText === String(dollars)}
            onClick={() => change(String(dollars))}
          >
            ${dollars}
          </button>
        ))}
      </div>
      {error && (
        <div id={`${id}-error`} role="alert" className="field-error">
          <p className="field-error-title">{error.title}</p>
          <p>{error.message}</p>
        </div>
      )}
      <button type="submit" className="button">
        {ADD_FUNDS_TEXT.continue}
      </button>
    </form>
  );
}
