import Stripe from 'stripe';
import { AppError, conflict, notFound, upstreamUnavailable } from '../../domain/errors';
import { stripeClient, type StripeSettings } from './client';
import {
  UncreditablePayment,
  type TopUpDispute,
  type TopUpHistory,
  type TopUpPayment,
} from '../../domain/ledger/topUps';
import type { StripeMoney, StripeRefundStatus } from '../../domain/maintenance/books';
import { chunk as chunkOf } from '../../domain/maintenance/runs';

/** The Stripe object a money event is about, by id: the event's copy of it is a hint, read back from Stripe. */
export interface EventObject {
  kind: 'payment_intent' | 'charge' | 'refund' | 'dispute';
  id: string;
}

/**
 * A verified webhook event: one that moves a top-up's money (its success, a refund, a dispute), naming the object
 * it is about; or anything else (acknowledged, ignored).
 */
export type PaymentEvent =
  | { kind: 'money'; eventId: string; type: string; object: EventObject | null }
  | { kind: 'other'; eventId: string; type: string };

/** The money events, and the kind of object each carries. */
const MONEY_EVENTS: Readonly<Record<string, EventObject['kind']>> = {
  'payment_intent.succeeded': 'payment_intent',
  'charge.refunded': 'charge',
  'charge.refund.updated': 'refund',
  'charge.dispute.created': 'dispute',
  'charge.dispute.closed': 'dispute',
  'charge.dispute.funds_withdrawn': 'dispute',
  'charge.dispute.funds_reinstated': 'dispute',
};

/** What the wallet needs from the payment provider; routes depend on this, not on Stripe's SDK. */
export interface PaymentGateway {
  /** A PaymentIntent in USD for a wallet top-up; the same `idempotencyKey` always answers the same intent. */
  createTopUp(input: { userId: string; amountCents: number; idempotencyKey: string }): Promise<{
    clientSecret: string;
    paymentIntentId: string;
  }>;
  retrieveTopUp(paymentIntentId: string): Promise<TopUpPayment>;
  /**
   * The top-up with its refunds (of every status: a failed one ends its hold) and disputes as Stripe has them now:
   * the truth a refund or dispute event points at.
   */
  retrieveTopUpHistory(paymentIntentId: string): Promise<TopUpHistory>;
  /**
   * The history of the top-up a money event is about, all of it read from Stripe: the object the event names first
   * (its PaymentIntent is the one Stripe's copy names, not the event's). An object Stripe does not have is a 404.
   */
  retrieveEventHistory(object: EventObject): Promise<TopUpHistory>;
  /**
   * Cancels a top-up's PaymentIntent so that it can never be paid; answers the payment as Stripe has it after: canceled,
   * or succeeded when it was paid first (an intent already canceled stays so).
   */
  cancelTopUp(paymentIntentId: string): Promise<TopUpPayment>;
  /**
   * Our wallets' money Stripe lists for a period (the nightly audit of the books): succeeded top-ups and refunds
   * (of any status) created in [from, to), and disputes created from `disputesFrom` (a dispute closes weeks after
   * it opens).
   */
  listMoney(period: { from: Date; to: Date; disputesFrom: Date }): Promise<StripeMoney>;
  /**
   * The money of these top-ups as Stripe has it now, whenever it was made: each succeeded top-up of our wallets
   * with all its refunds and disputes. A PaymentIntent Stripe does not know, or not ours, adds nothing.
   */
  moneyOf(paymentIntentIds: readonly string[]): Promise<StripeMoney>;
  /**
   * Refunds part or all of a top-up (an admin's refund, docs/product.md#admin-refunds); the same `idempotencyKey`
   * always answers the same refund. Stripe then sends `charge.refunded`, which the webhook applies as any refund. A
   * refund Stripe refuses (more than is left, a disputed charge) is a 409 with Stripe's reason.
   */
  refundTopUp(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ refundId: string; amountCents: number }>;
  /** Checks the `Stripe-Signature` header against the raw body; a bad or missing one is a 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

const CURRENCY = 'usd';

/** The metadata key naming the admin refund hold a refund is made from (domain/ledger/rules.ts holdForRefund). */
export const REFUND_HOLD_METADATA = 'refundHold';

export function stripeGateway(settings: StripeSettings, stripe: Stripe = stripeClient(settings)): PaymentGateway {
  /** A PaymentIntent with all its refunds and disputes, as Stripe has them now. */
  const topUpObjects = (paymentIntentId: string) =>
    Promise.all([
      callStripe(() => stripe.paymentIntents.retrieve(paymentIntentId)),
      callStripe(() => stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingToArray(LIST)),
      callStripe(() => stripe.disputes.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingToArray(LIST)),
    ]);
  const topUpHistory = async (paymentIntentId: string): Promise<TopUpHistory> => {
    const [intent, refunds, disputes] = await topUpObjects(paymentIntentId);
    return {
      payment: topUpOf(intent),
      // Stripe lists newest first; the ledger applies them in the order they happened.
      refunds: refunds.reverse().map((refund) => ({
        refundId: refund.id,
        amountCents: refund.amount,
        status: refundStatus(refund.status),
        holdId: refund.metadata?.[REFUND_HOLD_METADATA] ?? null,
      })),
      disputes: disputes
        .flatMap((dispute) => {
          const status = disputeStatus(dispute.status);
          return status ? [{ disputeId: dispute.id, amountCents: dispute.amount, status }] : [];
        })
        .reverse(),
    };
  };
  return {
    async createTopUp({ userId, amountCents, idempotencyKey }) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            // The wallet is funded by card (docs/product.md#top-ups): no redirect-based methods, so no return
            // trip to handle.
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

    retrieveTopUpHistory: topUpHistory,

    async retrieveEventHistory({ kind, id }) {
      const retrieve: Record<
        Exclude<EventObject['kind'], 'payment_intent'>,
        () => Promise<{ payment_intent: unknown }>
      > = {
        charge: () => stripe.charges.retrieve(id),
        refund: () => stripe.refunds.retrieve(id),
        dispute: () => stripe.disputes.retrieve(id),
      };
      // A refund or dispute names its PaymentIntent: Stripe's copy says which, whatever the event says.
      const paymentIntentId =
        kind === 'payment_intent'
          ? id
          : await missingAsNamed(`${kind} ${id}`, async () => idOf((await callStripe(retrieve[kind])).payment_intent));
      if (paymentIntentId === null) throw new UncreditablePayment(`Stripe's ${kind} ${id} names no PaymentIntent`);
      return missingAsNamed(`payment_intent ${paymentIntentId}`, () => topUpHistory(paymentIntentId));
    },

    async cancelTopUp(paymentIntentId) {
      const intent = await callStripe(async () => {
        try {
          return await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' });
        } catch (error) {
          // Paid or canceled before: nothing to cancel, and what it is now is what matters.
          const settled = error instanceof Stripe.errors.StripeInvalidRequestError;
          if (settled && error.code === 'payment_intent_unexpected_state') {
            return stripe.paymentIntents.retrieve(paymentIntentId);
          }
          throw error;
        }
      });
      return topUpOf(intent);
    },

    async listMoney({ from, to, disputesFrom }) {
      const created = (start: Date) => ({ gte: unixSeconds(start), lt: unixSeconds(to) });
      const all = { limit: 100 };
      const [intents, refunds, disputes] = await Promise.all([
        callStripe(() => every(stripe.paymentIntents.list({ ...all, created: created(from) }))),
        callStripe(() => every(stripe.refunds.list({ ...all, created: created(from) }))),
        callStripe(() => every(stripe.disputes.list({ ...all, created: created(disputesFrom) }))),
      ]);
      const topUps = new Map(intents.map((intent) => [intent.id, topUpOf(intent)]));
      // Money taken back from a top-up made before the period: its PaymentIntent says whose it is.
      const named = [...refunds, ...disputes].map((item) => idOf(item.payment_intent));
      const older = [...new Set(named.filter((id): id is string => id !== null && !topUps.has(id)))];
      const retrieved = await Promise.all(
        older.map(async (id) => topUpOf(await callStripe(() => stripe.paymentIntents.retrieve(id)))),
      );
      const owners = new Map([...topUps.values(), ...retrieved].map((p) => [p.paymentIntentId, p.userId]));
      return ourMoney([...topUps.values()], refunds, disputes, owners);
    },

    async moneyOf(paymentIntentIds) {
      const money: StripeMoney = { payments: [], refunds: [], disputes: [] };
      for (const part of chunkOf([...new Set(paymentIntentIds)], PARALLEL_RETRIEVALS)) {
        const found = await Promise.all(
          part.map(async (id) => {
            const objects = await topUpObjects(id).catch((error: unknown) => {
              if (error instanceof AppError && error.kind === 'not_found') return null;
              throw error;
            });
            if (objects === null) return null;
            const [intent, refunds, disputes] = objects;
            const topUp = topUpOf(intent);
            return ourMoney([topUp], refunds, disputes, new Map([[id, topUp.userId]]));
          }),
        );
        for (const one of found) {
          if (one === null) continue;
          money.payments.push(...one.payments);
          money.refunds.push(...one.refunds);
          money.disputes.push(...one.disputes);
        }
      }
      return money;
    },

    async refundTopUp({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      const refund = await callStripe(async () => {
        try {
          return await stripe.refunds.create(
            { payment_intent: paymentIntentId, amount: amountCents, reason: 'requested_by_customer', metadata },
            { idempotencyKey },
          );
        } catch (error) {
          const refused = error instanceof Stripe.errors.StripeInvalidRequestError && error.code !== 'resource_missing';
          throw refused ? conflict(`Stripe refused the refund: ${error.message}`) : error;
        }
      });
      return { refundId: refund.id, amountCents: refund.amount };
    },

    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new AppError('validation', 'Invalid Stripe webhook signature', { cause: error });
      }
      const { id: eventId, type } = event;
      const kind = MONEY_EVENTS[type];
      // Only the object's id is taken from the event: what it says of the money is read back from Stripe.
      const id = idOf(event.data.object);
      if (kind === undefined) return { kind: 'other', eventId, type };
      return { kind: 'money', eventId, type, object: id === null ? null : { kind, id } };
    },
  };
}

/**
 * Reads the settings (config.ts: the Stripe secrets) on first use rather than at cold start, so that the API serves
 * everything else when payments are not configured, and those calls answer 503.
 */
export function stripeGatewayAtFirstUse(readSettings: () => StripeSettings | undefined): PaymentGateway {
  let gateway: PaymentGateway | undefined;
  const current = (): PaymentGateway => {
    if (gateway) return gateway;
    const settings = readSettings();
    if (!settings)
      throw upstreamUnavailable('Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    gateway = stripeGateway(settings);
    return gateway;
  };
  return {
    createTopUp: async (input) => current().createTopUp(input),
    retrieveTopUp: async (id) => current().retrieveTopUp(id),
    retrieveTopUpHistory: async (id) => current().retrieveTopUpHistory(id),
    retrieveEventHistory: async (object) => current().retrieveEventHistory(object),
    cancelTopUp: async (id) => current().cancelTopUp(id),
    listMoney: async (period) => current().listMoney(period),
    moneyOf: async (ids) => current().moneyOf(ids),
    refundTopUp: async (input) => current().refundTopUp(input),
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

/**
 * Our wallets' part of Stripe's objects: succeeded top-ups, and refunds and disputes of a PaymentIntent whose owner
 * (`owners`, from its metadata) is one of our wallets.
 */
function ourMoney(
  topUps: readonly TopUpPayment[],
  refunds: readonly Stripe.Refund[],
  disputes: readonly Stripe.Dispute[],
  owners: ReadonlyMap<string, string | null>,
): StripeMoney {
  const ownerOf = (item: { payment_intent: unknown }) => {
    const paymentIntentId = idOf(item.payment_intent);
    const userId = paymentIntentId === null ? null : (owners.get(paymentIntentId) ?? null);
    return paymentIntentId === null || userId === null ? null : { paymentIntentId, userId };
  };
  return {
    payments: topUps.flatMap(({ paymentIntentId, userId, succeeded, amountCents }) =>
      userId !== null && succeeded ? [{ paymentIntentId, userId, amountCents }] : [],
    ),
    refunds: refunds.flatMap((r) => {
      const owner = ownerOf(r);
      return owner ? [{ refundId: r.id, ...owner, amountCents: r.amount, status: refundStatus(r.status) }] : [];
    }),
    disputes: disputes.flatMap((d) => {
      const [owner, status] = [ownerOf(d), disputeStatus(d.status)];
      return owner && status ? [{ disputeId: d.id, ...owner, amountCents: d.amount, status }] : [];
    }),
  };
}

/** Succeeded and failed (or canceled) are final; anything else (pending, requires_action) may still change. */
function refundStatus(status: string | null): StripeRefundStatus {
  if (status === 'succeeded') return 'succeeded';
  return status === 'failed' || status === 'canceled' ? 'failed' : 'pending';
}

/** PaymentIntents retrieved at once when the books check older top-ups. */
const PARALLEL_RETRIEVALS = 8;

/** Enough for any top-up: Stripe caps refunds by the amount and allows one dispute per charge. */
const LIST = { limit: 1000 };
/** Every item of a list, page after page, however long: the audit must see all of a period. */
async function every<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A PaymentIntent named by id or expanded, or none. */
function idOf(named: unknown): string | null {
  return typeof named === 'string' ? named : ((named as { id?: string } | null | undefined)?.id ?? null);
}

/**
 * Inquiries (`warning_*`) take no money; every other open status means the bank holds the amount. Won and lost are
 * final.
 */
function disputeStatus(status: Stripe.Dispute.Status): TopUpDispute['status'] | null {
  if (status === 'won') return 'won';
  if (status === 'lost') return 'lost';
  return status.startsWith('warning_') ? null : 'open';
}

/** Runs a read whose 404 says which object Stripe does not have (an alert names it), not "Payment not found". */
async function missingAsNamed<T>(object: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') throw notFound(`Stripe has no ${object}`);
    throw error;
  }
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
