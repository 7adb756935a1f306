import { describe, expect, it } from 'vitest';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import {
  balanceReaches,
  db,
  healthyLedger,
  paidTopUp,
  postWebhook,
  sandboxControl,
  sandboxEventsOf,
  sign,
  stripe,
  succeededEvent,
} from '../../../test/payments.testkit';

/**
 * The webhook takes an event as a hint (docs/product.md#top-ups): events signed with the webhook secret, as one who
 * stole it would sign them, move only what Stripe says of the object they name, read back from Stripe. An event for
 * an object Stripe does not have moves nothing, is acknowledged (Stripe must not retry it for days) and is an Admin
 * alert at once.
 */

const eventIdOf = (payload: string) => (JSON.parse(payload) as { id: string }).id;
const walletExists = async (uid: string) => (await db.collection('wallets').doc(uid).get()).exists;
const alertOf = async (payload: string) =>
  (
    await db
      .collection('adminAlerts')
      .doc(`webhook:${eventIdOf(payload)}`)
      .get()
  ).data();

/** A signed money event about `object` (a charge, refund or dispute as the event's body tells it). */
function moneyEvent(type: string, object: Record<string, unknown>) {
  const id = `evt_forged${Date.now()}${Math.random()}`.replace('.', '');
  return JSON.stringify({ id, object: 'event', type, data: { object } });
}

/** A real event the sandbox sent about the top-up, with its object's amounts changed, as a new event. */
async function reSigned(type: string, paymentIntentId: string, forged: Record<string, unknown>) {
  const [event] = await sandboxEventsOf(type, paymentIntentId);
  if (!event) throw new Error(`the sandbox sent no ${type} for ${paymentIntentId}`);
  return moneyEvent(type, { ...event.data.object, ...forged });
}

async function userWithTopUp(label: string, dollars: number) {
  const user = await newTestUser(label);
  const paymentIntentId = await paidTopUp(user.token, dollars);
  await balanceReaches(user.uid, dollars * 100);
  return { ...user, paymentIntentId };
}

describe('a signed payment_intent.succeeded', () => {
  it('for a PaymentIntent Stripe never had: $1,000 credited to no one, 2xx, and an alert at once', async () => {
    const { uid } = await newTestUser('forged-missing');
    const payload = succeededEvent(uid, 100_000);
    const answer = await postWebhook(payload, sign(payload));
    expect(answer).toMatchObject({ status: 200, body: { received: true, outcome: 'alerted' } });
    expect(await walletExists(uid)).toBe(false);
    const paymentIntentId = (JSON.parse(payload) as { data: { object: { id: string } } }).data.object.id;
    expect(await alertOf(payload)).toMatchObject({
      eventType: 'payment_intent.succeeded',
      reason: expect.stringContaining(`Stripe has no payment_intent ${paymentIntentId}`),
    });
    // Delivered again, it is the same alert, and still moves nothing.
    expect((await postWebhook(payload, sign(payload))).status).toBe(200);
    expect(await walletExists(uid)).toBe(false);
  });

  it("for a real PaymentIntent not paid yet, claiming $1,000 for another user: nothing, an alert; once paid, Stripe's $10 to its owner", async () => {
    const owner = await newTestUser('forged-unpaid-owner');
    const thief = await newTestUser('forged-unpaid-thief');
    const created = await apiCall<{ paymentIntentId: string }>('/api/payments/create-intent', {
      token: owner.token,
      body: { amount: 10 },
    });
    const { paymentIntentId } = created.body;
    const payload = succeededEvent(thief.uid, 100_000, { paymentIntentId });
    expect(await postWebhook(payload, sign(payload))).toMatchObject({ status: 200, body: { outcome: 'alerted' } });
    expect(await alertOf(payload)).toMatchObject({
      reason: expect.stringContaining(`has status "requires_payment_method", not succeeded`),
    });
    expect([await walletExists(thief.uid), await walletExists(owner.uid)]).toEqual([false, false]);

    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    await balanceReaches(owner.uid, 1000);
    expect((await postWebhook(payload, sign(payload))).body).toMatchObject({ outcome: 'applied' });
    expect((await healthyLedger(owner.uid)).transactions.map((t) => [t.id, t.amount])).toEqual([
      [`deposit:${paymentIntentId}`, 1000],
    ]);
    expect(await walletExists(thief.uid)).toBe(false);
  });

  it('for a paid top-up, its amount and user changed in the body: what Stripe says, once, and no alert', async () => {
    const owner = await userWithTopUp('forged-paid-owner', 10);
    const thief = await newTestUser('forged-paid-thief');
    const payload = succeededEvent(thief.uid, 100_000, { paymentIntentId: owner.paymentIntentId, currency: 'usd' });
    expect(await postWebhook(payload, sign(payload))).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect((await healthyLedger(owner.uid)).wallet.balance).toBe(1000);
    expect(await walletExists(thief.uid)).toBe(false);
    expect(await alertOf(payload)).toBeUndefined();
  });
});

describe('a signed refund or dispute event', () => {
  it('for a charge Stripe does not have, naming a real top-up with $20 refunded: nothing moves, an alert at once', async () => {
    const user = await userWithTopUp('forged-refund', 20);
    const payload = moneyEvent('charge.refunded', {
      id: `ch_forged${Date.now()}`,
      object: 'charge',
      payment_intent: user.paymentIntentId,
      amount: 2000,
      amount_refunded: 2000,
      refunded: true,
    });
    expect(await postWebhook(payload, sign(payload))).toMatchObject({ status: 200, body: { outcome: 'alerted' } });
    expect(await alertOf(payload)).toMatchObject({
      eventType: 'charge.refunded',
      reason: expect.stringContaining('Stripe has no charge ch_forged'),
    });
    expect((await healthyLedger(user.uid)).wallet.balance).toBe(2000);
  });

  it("of a real refund of $5, re-signed as $20: the wallet loses Stripe's $5, once", async () => {
    const user = await userWithTopUp('forged-refund-amount', 20);
    await stripe.refunds.create({ payment_intent: user.paymentIntentId, amount: 500 });
    await balanceReaches(user.uid, 1500);
    const payload = await reSigned('charge.refunded', user.paymentIntentId, { amount_refunded: 2000, refunded: true });
    expect(await postWebhook(payload, sign(payload))).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    const { wallet, transactions } = await healthyLedger(user.uid);
    expect(wallet.balance).toBe(1500);
    expect(transactions.filter((t) => t.type === 'top_up_refund').map((t) => t.amount)).toEqual([500]);
  });

  it('for a dispute Stripe does not have, naming a real top-up: nothing is held back, an alert at once', async () => {
    const user = await userWithTopUp('forged-dispute', 10);
    const payload = moneyEvent('charge.dispute.created', {
      id: `dp_forged${Date.now()}`,
      object: 'dispute',
      payment_intent: user.paymentIntentId,
      amount: 1000,
      status: 'needs_response',
    });
    expect(await postWebhook(payload, sign(payload))).toMatchObject({ status: 200, body: { outcome: 'alerted' } });
    expect(await alertOf(payload)).toMatchObject({
      reason: expect.stringContaining('Stripe has no dispute dp_forged'),
    });
    expect((await healthyLedger(user.uid)).transactions.map((t) => t.type)).toEqual(['deposit']);
  });

  it("of a real dispute of $3, re-signed as $10 and lost: Stripe's $3 held, and nothing decided before the bank", async () => {
    const user = await userWithTopUp('forged-dispute-amount', 10);
    const dispute = await sandboxControl(`/sandbox/payment_intents/${user.paymentIntentId}/dispute`, { amount: '300' });
    await balanceReaches(user.uid, 700);
    const payload = await reSigned('charge.dispute.created', user.paymentIntentId, { amount: 1000 });
    const closed = moneyEvent('charge.dispute.closed', {
      id: dispute.id,
      object: 'dispute',
      amount: 1000,
      status: 'lost',
    });
    for (const forged of [payload, closed]) {
      expect(await postWebhook(forged, sign(forged))).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    }
    const { wallet, transactions } = await healthyLedger(user.uid);
    expect(wallet.balance).toBe(700);
    expect(transactions.map((t) => [t.type, t.amount]).sort()).toEqual([
      ['deposit', 1000],
      ['dispute', 300],
    ]);
  });
});
