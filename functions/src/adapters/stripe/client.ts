import Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only for the local stack and tests: the Stripe sandbox (tools/stripe-sandbox) standing in for api.stripe.com. */
  apiUrl: string | undefined;
}

/**
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, plus STRIPE_API_URL for the sandbox, from their values by name (the
 * params of config.ts; the environment in tests); undefined when unconfigured.
 */
export function stripeSettingsFrom(env: Readonly<Record<string, string | undefined>>): StripeSettings | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: apiUrl } = env;
  if (!secretKey || !webhookSecret) return undefined;
  return { secretKey, webhookSecret, apiUrl: apiUrl || undefined };
}

/**
 * The real SDK, pointed at the sandbox when `apiUrl` is set. Network retries reuse the SDK's automatic idempotency
 * key, so a retried create never makes a second PaymentIntent.
 */
export function stripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol.replace(':', '');
    if (protocol !== 'http' && protocol !== 'https') throw new Error(`STRIPE_API_URL must be http(s), got ${apiUrl}`);
    Object.assign(config, { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
  }
  return new Stripe(secretKey, config);
}
