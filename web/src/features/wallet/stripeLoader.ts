import { loadStripe as loadStripeJs } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/** Stripe.js comes from js.stripe.com: offline, or blocked, it never arrives, and the dialog must not wait forever. */
export const STRIPE_LOAD_TIMEOUT_MS = 10_000;

/**
 * Stripe.js, or null when it cannot be had (offline, blocked, too slow, or a bad key). `pure` injects Stripe's
 * script only when called, so importing this costs the landing page nothing.
 */
export async function loadStripeWithin(
  publishableKey: string,
  timeoutMs = STRIPE_LOAD_TIMEOUT_MS,
  load: (key: string) => Promise<Stripe | null> = loadStripeJs,
): Promise<Stripe | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([load(publishableKey), timeout]);
  } catch (error) {
    console.error('Stripe.js failed to load', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
