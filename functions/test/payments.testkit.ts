import type Stripe from 'stripe';
import { checkInvariants } from '../src/domain/ledger';
import { readLedger } from '../src/adapters/firestore/ledgerRepository';
import { stripeClient, stripeSettingsFrom, type StripeSettings } from '../src/adapters/stripe/client';
import { stripeGateway, type PaymentGateway } from '../src/adapters/stripe/gateway';
import { startStripeSandbox, type StripeSandbox } from '../../tools/stripe-sandbox/server';
import { adminSdk } from '../../tools/lib/adminSdk';
import { apiCall, APP_URL } from '../../tools/testing/api';

// Shared by the payment and wallet integration tests: the stack's Stripe sandbox, seen the way Stripe's own
// tools see it, and the ledger as stored.

/** The stack's Stripe settings, read on first use: importing this kit never throws, even without them. */
let settings: StripeSettings | undefined;
function stackSettings(): StripeSettings {
  settings ??= stripeSettingsFrom(process.env);
  if (!settings?.apiUrl) throw new Error('Run through the local stack: it sets STRIPE_* and starts the Stripe sandbox');
  return settings;
}

/** An object built when a test first uses it (an import alone builds nothing). */
function onFirstUse<T extends object>(build: () => T): T {
  let value: T | undefined;
  return new Proxy({} as T, { get: (_target, key) => Reflect.get((value ??= build()), key) });
}

export const stripeSettings = onFirstUse(stackSettings);
const sandboxUrl = () => stackSettings().apiUrl!;
/** The SDK with the secret key: what a card payment in the browser amounts to, done from the test. */
export const stripe = onFirstUse(() => stripeClient(stackSettings()));
export const { db } = adminSdk();
/** Our gateway to the stack's sandbox, as the functions have it: for maintenance run in a test's own process. */
export const payments = onFirstUse(() => stripeGateway(stackSettings()));

/** A top-up made through our API and paid with a test card, as the dialog does. */
export async function paidTopUp(token: string, dollars: number, card = 'pm_card_visa'): Promise<string> {
  const created = await apiCall<{ paymentIntentId: string }>('/api/payments/create-intent', {
    token,
    body: { amount: dollars },
  });
  if (created.status !== 200) throw new Error(`create-intent answered ${created.status}`);
  await stripe.paymentIntents.confirm(created.body.paymentIntentId, { payment_method: card });
  return created.body.paymentIntentId;
}

/** The wallet and history as stored, after asserting the ledger's invariants hold for them. */
export async function healthyLedger(userId: string) {
  const ledger = await readLedger(db, userId);
  if (!ledger) throw new Error(`user ${userId} has no wallet`);
  const violations = checkInvariants(ledger.wallet, ledger.transactions);
  if (violations.length > 0) throw new Error(`ledger of ${userId} is broken: ${violations.join('; ')}`);
  return ledger;
}

/** Waits for the webhook (delivered by the sandbox in the background) to have credited `cents` in total. */
export async function balanceReaches(userId: string, cents: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snap = await db.collection('wallets').doc(userId).get();
    if (snap.data()?.balance === cents) return;
    if (Date.now() > deadline) throw new Error(`balance of ${userId} is ${snap.data()?.balance}, expected ${cents}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A webhook POST straight to our endpoint, signed (or not) as the test chooses. */
export async function postWebhook(payload: string, signature: string | undefined) {
  const res = await fetch(`${APP_URL}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; received?: boolean } };
}

export const sign = (payload: string) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: stackSettings().webhookSecret });

export interface SandboxEvent {
  id: string;
  type: string;
  data: { object: { id: string; payment_intent?: string } };
}

/** The events the sandbox sent of one type about one PaymentIntent (the intent itself, or its charge's). */
export async function sandboxEventsOf(type: string, paymentIntentId: string): Promise<SandboxEvent[]> {
  const { data } = (await (await fetch(`${sandboxUrl()}/sandbox/events`)).json()) as { data: SandboxEvent[] };
  return data.filter(
    (e) =>
      e.type === type && (e.data.object.id === paymentIntentId || e.data.object.payment_intent === paymentIntentId),
  );
}

/** One more signed delivery of an event to our webhook, as Stripe's "Resend" does. */
export const resendEvent = async (eventId: string) =>
  (await (await fetch(`${sandboxUrl()}/sandbox/events/${eventId}/resend`, { method: 'POST' })).json()) as {
    delivered: boolean;
    status: number;
  };

/** A sandbox control (tools/stripe-sandbox/README.md): what a customer's bank does, such as opening a dispute. */
export async function sandboxControl<T = { id: string; status: string }>(
  path: string,
  form: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${sandboxUrl()}${path}`, { method: 'POST', body: new URLSearchParams(form) });
  if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A `payment_intent.succeeded` event as Stripe would send it, for a PaymentIntent that exists only in the event;
 * `fields` override the intent's (a status, an amount received).
 */
export function succeededEvent(
  userId: string,
  amountCents: number,
  { paymentIntentId = `pi_int${Date.now()}${Math.random()}`.replace('.', ''), ...fields }: Record<string, unknown> = {},
) {
  return JSON.stringify({
    id: `evt_${String(paymentIntentId)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount: amountCents,
        amount_received: amountCents,
        currency: 'usd',
        status: 'succeeded',
        metadata: { userId },
        ...fields,
      },
    },
  });
}

/**
 * A Stripe sandbox of the test's own that delivers its events nowhere, with the stack's webhook secret: a test posts
 * each event to the API it runs itself, and the stack's API (which the stack's sandbox delivers to) sees none of it.
 */
export async function startQuietStripe(): Promise<{
  sandbox: StripeSandbox;
  stripe: Stripe;
  gateway: PaymentGateway;
  /** A top-up of `cents` for the user, paid by card: its signed `payment_intent.succeeded` as the sandbox sent it. */
  paidTopUpEvent(userId: string, cents: number): Promise<{ paymentIntentId: string; payload: string }>;
}> {
  const { webhookSecret } = stackSettings();
  const sandbox = await startStripeSandbox({ port: 0, webhookSecret });
  const settings = { secretKey: 'sk_test_quiet', webhookSecret, apiUrl: sandbox.url };
  const quiet = stripeClient(settings);
  return {
    sandbox,
    stripe: quiet,
    gateway: stripeGateway(settings, quiet),
    async paidTopUpEvent(userId, cents) {
      const intent = await quiet.paymentIntents.create({ amount: cents, currency: 'usd', metadata: { userId } });
      await quiet.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      const { data } = (await (await fetch(`${sandbox.url}/sandbox/events`)).json()) as { data: SandboxEvent[] };
      const event = data.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intent.id);
      if (!event) throw new Error(`the quiet sandbox sent no payment_intent.succeeded for ${intent.id}`);
      return { paymentIntentId: intent.id, payload: JSON.stringify(event) };
    },
  };
}
