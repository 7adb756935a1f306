import { parseExpiry } from './cardForm';
import { ADD_FUNDS_TEXT } from './messages';

export interface SandboxCard {
  number: string;
  /** As typed: `MM/YY`, `MMYY`, `MM/YYYY` (parseExpiry). */
  expiry: string;
  cvc: string;
}

/**
 * Confirms a PaymentIntent against the Stripe sandbox the way Stripe.js confirms against Stripe: a form post with
 * the publishable key and the client secret (tools/stripe-sandbox/README.md). Resolves null when the card was
 * charged, else the message to show (Stripe's own for a declined card).
 */
export async function confirmWithSandbox(
  { sandboxUrl, publishableKey }: { sandboxUrl: string; publishableKey: string },
  { paymentIntentId, clientSecret }: { paymentIntentId: string; clientSecret: string },
  card: SandboxCard,
): Promise<string | null> {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return "Your card's expiration date is incomplete or invalid.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  const body = new URLSearchParams({
    key: publishableKey,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number.replace(/\s/g, ''),
    'payment_method_data[card][exp_month]': String(expiry.month),
    'payment_method_data[card][exp_year]': String(expiry.year),
    'payment_method_data[card][cvc]': card.cvc.trim(),
  });
  const res = await fetch(`${sandboxUrl}/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
    method: 'POST',
    body,
  });
  const reply = (await res.json().catch(() => ({}))) as { status?: string; error?: { message?: string } };
  if (res.ok && reply.status === 'succeeded') return null;
  return reply.error?.message ?? ADD_FUNDS_TEXT.cardFailedDefault;
}
