import Stripe from 'stripe';
import { AppError, notFound, upstreamUnavailable } from '../../domain/errors';
import { stripeClient, stripeSettingsFrom, type StripeSettings } from './client';

/** A PaymentIntent as the wallet sees it. Only intents we created for a top-up have a `userId`. */
export interface TopUpPayment {
  paymentIntentId: string;
  /** The wallet to credit: `metadata.userId`, set at creation; null for any other payment on the account. */
  userId: string | null;
  succeeded: boolean;
  /** Stripe's status, for messages. */
  status: string;
  /** What Stripe received once it succeeded (else what it asks for), in cents. Never a client's number. */
  amountCents: number;
}

/** A verified webhook event: a top-up that succeeded, or anything else (acknowledged, ignored). */
export type PaymentEvent =
  | { kind: 'top_up_succeeded'; eventId: string; payment: TopUpPayment }
  | { kind: 'other'; eventId: string; type: string };

/** What the wallet needs from the payment provider; routes depend on this, not on Stripe's SDK. */
export interface PaymentGateway {
  /** A PaymentIntent in USD for a wallet top-up; the same `idempotencyKey` always answers the same intent. */
  createTopUp(input: { userId: string; amountCents: number; idempotencyKey: string }): Promise<{
    clientSecret: string;
    paymentIntentId: string;
  }>;
  retrieveTopUp(paymentIntentId: string): Promise<TopUpPayment>;
  /** Checks the `Stripe-Signature` header against the raw body; a bad or missing one is a 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

const CURRENCY = 'usd';

export function stripeGateway(settings: StripeSettings, stripe: Stripe = stripeClient(settings)): PaymentGateway {
  return {
    async createTopUp({ userId, amountCents, idempotencyKey }) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            // The wallet is funded by card (SPEC 1): no redirect-based methods, so no return trip to handle.
            allowed_payment_method_types: ['card'],
            description: 'StockSeer wallet top-up',
            metadata: { userId },
          },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
    },

    async retrieveTopUp(paymentIntentId) {
      return topUpOf(await callStripe(() => stripe.paymentIntents.retrieve(paymentIntentId)));
    },

    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new AppError('validation', 'Invalid Stripe webhook signature', { cause: error });
      }
      if (event.type === 'payment_intent.succeeded') {
        return { kind: 'top_up_succeeded', eventId: event.id, payment: topUpOf(event.data.object) };
      }
      return { kind: 'other', eventId: event.id, type: event.type };
    },
  };
}

/**
 * Reads the settings on first use rather than at cold start, so that the API serves everything else when payments
 * are not configured, and those calls answer 503.
 */
export function stripeGatewayFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentGateway {
  let gateway: PaymentGateway | undefined;
  const current = (): PaymentGateway => {
    if (gateway) return gateway;
    const settings = stripeSettingsFrom(env);
    if (!settings)
      throw upstreamUnavailable('Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    gateway = stripeGateway(settings);
    return gateway;
  };
  return {
    createTopUp: async (input) => current().createTopUp(input),
    retrieveTopUp: async (id) => current().retrieveTopUp(id),
    verifyWebhook: (rawBody, signature) => current().verifyWebhook(rawBody, signature),
  };
}

function topUpOf(intent: Stripe.PaymentIntent): TopUpPayment {
  const userId = intent.metadata?.userId;
  const succeeded = intent.status === 'succeeded';
  return {
    paymentIntentId: intent.id,
    // Our top-ups are in USD with the user in metadata; anything else on the account is not a wallet's money.
    userId: intent.currency === CURRENCY && typeof userId === 'string' && userId !== '' ? userId : null,
    succeeded,
    status: intent.status,
    amountCents: succeeded ? intent.amount_received : intent.amount,
  };
}

/** Stripe's failures in our error family: its outages are 503s; a PaymentIntent it does not know is a 404. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      throw notFound('Payment not found');
    }
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw upstreamUnavailable('Payments are unavailable right now. Please try again in a moment.', error);
    }
    throw error;
  }
}
