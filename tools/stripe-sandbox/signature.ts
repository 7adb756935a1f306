import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header Stripe sends with a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`,
 * keyed with the whole endpoint secret (including `whsec_`), which is what `stripe.webhooks.constructEvent` checks.
 */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
