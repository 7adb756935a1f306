/** What the payment step gives either card form (Stripe's Payment Element, or the sandbox's test form). */
export interface CardFormProps {
  paymentIntentId: string;
  clientSecret: string;
  amountDollars: number;
  payLabel: string;
  processing: boolean;
  /** Runs the form's card confirmation: it resolves null when the card was charged, else the message to show. */
  onPay: (confirmCard: () => Promise<string | null>) => void;
}

/**
 * A card's expiry as people type it: "12/30", "12 / 30", "1230", "12/2030" (and "1/30"). Null when it is not a month
 * 1-12 and a two- or four-digit year.
 */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const text = typed.trim();
  const found = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  if (!found) return null;
  const month = Number(found[1]);
  const year = found[2]!.length === 2 ? 2000 + Number(found[2]) : Number(found[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}
