import { useId } from 'react';
import { dollarsToCents } from '@stockseer/contract';
import { CUSTOMER_TEXT } from './supportText';

/** Dollars as typed (`5`, `2.50`) to whole cents, or null when it is not an amount with at most two decimals. */
export function centsOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? dollarsToCents(Number(trimmed)) : null;
}

/** What is wrong with an amount for a range of cents, or null: first whether there is one at all. */
export function amountProblem(text: string, min: number, max: number): string | null {
  if (text.trim() === '') return CUSTOMER_TEXT.amountMissing;
  const cents = centsOf(text);
  if (cents === null) return CUSTOMER_TEXT.amountProblem;
  return cents < min || cents > max ? CUSTOMER_TEXT.amountOutOfRange(min, max) : null;
}

/** A dollar amount of a support action. */
export function AmountField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="support-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
