import { ERROR_MESSAGES } from '@stockseer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { newTestUser } from '../../../tools/testing/api';
import type { StripeSandbox } from '../../../tools/stripe-sandbox/server';
import { createModelPool, type ModelPool } from '../adapters/model-pool/pool';
import { stripeGateway } from '../adapters/stripe/gateway';
import { FaultProxy } from '../../../tools/testing/faultProxy';
import { healthyLedger, sign, startQuietStripe, stripeSettings, succeededEvent } from '../../test/payments.testkit';
import { directDb, startFaultyApi, type FaultyApi } from '../../test/faults.testkit';

/**
 * Webhooks that settle (issue 14) when the database goes away: the API in this process, its Firestore behind a
 * proxy the test cuts, and a Stripe sandbox of its own that delivers nothing by itself, so only the test's
 * deliveries reach this API (the stack's sandbox would deliver to the stack's API first).
 */
let models: ModelPool;
let sandbox: StripeSandbox;
let stripe: Stripe;
let target: FaultyApi;
/** A second API under test, whose way to Stripe goes through a proxy the test cuts. */
let stripeProxy: FaultProxy;
let cutOffStripe: FaultyApi;

beforeAll(async () => {
  models = createModelPool({ threads: 1 });
  const quiet = await startQuietStripe();
  ({ sandbox, stripe } = quiet);
  target = await startFaultyApi(models, { payments: quiet.gateway });
  stripeProxy = await FaultProxy.start({ host: '127.0.0.1', port: sandbox.port });
  const settings = { secretKey: 'sk_test_faults', webhookSecret: stripeSettings.webhookSecret };
  cutOffStripe = await startFaultyApi(models, {
    payments: stripeGateway({ ...settings, apiUrl: `http://${stripeProxy.address}` }),
  });
});

afterAll(async () => {
  await cutOffStripe?.close();
  await stripeProxy?.close();
  await target?.close();
  await sandbox?.close();
  await models?.close();
});

/** The sandbox's latest event of `type` about the PaymentIntent, delivered (signed) to an API under test. */
async function deliver(type: string, paymentIntentId: string, to: FaultyApi = target) {
  const { data } = (await (await fetch(`${sandbox.url}/sandbox/events`)).json()) as {
    data: { type: string; data: { object: { id: string; payment_intent?: string } } }[];
  };
  const event = data.find(
    (e) => e.type === type && [e.data.object.id, e.data.object.payment_intent].includes(paymentIntentId),
  );
  if (!event) throw new Error(`no ${type} for ${paymentIntentId}`);
  const payload = JSON.stringify(event);
  return to.post('/api/payments/webhook', { body: payload, headers: { 'Stripe-Signature': sign(payload) } });
}

const unavailable = { status: 503, body: { message: ERROR_MESSAGES.databaseUnavailable } };

describe('the database stops while a webhook is applied', () => {
  it('a refund: 503 with nothing written, then redeliveries at once apply it once', async () => {
    const { uid } = await newTestUser('fault-refund');
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', metadata: { userId: uid } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect((await deliver('payment_intent.succeeded', intent.id)).status).toBe(200);
    const before = await healthyLedger(uid);
    expect(before.wallet.balance).toBe(1000);

    await stripe.refunds.create({ payment_intent: intent.id, amount: 400 });
    const cut = target.proxy.downWhenSent('Refund of Stripe payment: $4.00', { deliver: false });
    const failed = await deliver('charge.refunded', intent.id);
    await cut;
    expect(failed).toMatchObject(unavailable);
    expect(await healthyLedger(uid)).toEqual(before);

    target.proxy.up();
    const redelivered = await Promise.all([1, 2, 3].map(() => deliver('charge.refunded', intent.id)));
    expect(redelivered.map((r) => r.status)).toEqual([200, 200, 200]);
    const { wallet, transactions } = await healthyLedger(uid);
    expect(wallet.balance).toBe(600);
    expect(transactions.filter((t) => t.type === 'top_up_refund').map((t) => t.amount)).toEqual([400]);
  });

  it('an event that can never be applied: 503 while its alert cannot be stored, then one alert and 2xx', async () => {
    const { uid } = await newTestUser('fault-alert');
    // Signed, for a PaymentIntent Stripe does not have: it can never be applied.
    const payload = succeededEvent(uid, 1000);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const post = () =>
      target.post('/api/payments/webhook', { body: payload, headers: { 'Stripe-Signature': sign(payload) } });
    const alert = directDb.collection('adminAlerts').doc(`webhook:${eventId}`);

    target.proxy.down();
    expect(await post()).toMatchObject(unavailable);
    expect((await alert.get()).exists).toBe(false);

    target.proxy.up();
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((a) => [a.status, a.body.outcome])).toEqual([
      [200, 'alerted'],
      [200, 'alerted'],
    ]);
    expect((await alert.get()).data()).toMatchObject({ eventId, eventType: 'payment_intent.succeeded' });
    expect((await directDb.collection('wallets').doc(uid).get()).exists).toBe(false);
  });
});

describe('Stripe cannot be reached while a webhook reads its object back', () => {
  it('503 with nothing written and no alert, so Stripe delivers again; then the redelivery credits once', async () => {
    const { uid } = await newTestUser('fault-stripe');
    const intent = await stripe.paymentIntents.create({ amount: 800, currency: 'usd', metadata: { userId: uid } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });

    stripeProxy.down();
    const failed = await deliver('payment_intent.succeeded', intent.id, cutOffStripe);
    expect(failed.status).toBe(503);
    expect((await directDb.collection('wallets').doc(uid).get()).exists).toBe(false);
    const alerts = await directDb.collection('adminAlerts').where('eventType', '==', 'payment_intent.succeeded').get();
    expect(alerts.docs.filter((doc) => String(doc.get('reason')).includes(intent.id))).toEqual([]);

    stripeProxy.up();
    const redelivered = await Promise.all(
      [1, 2].map(() => deliver('payment_intent.succeeded', intent.id, cutOffStripe)),
    );
    expect(redelivered.map((r) => r.status)).toEqual([200, 200]);
    expect((await healthyLedger(uid)).transactions.map((t) => [t.id, t.amount])).toEqual([
      [`deposit:${intent.id}`, 800],
    ]);
  });
});
