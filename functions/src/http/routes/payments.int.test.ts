import { describe, expect, it } from 'vitest';
import { CreatePaymentIntentResponse, TOP_UP_MESSAGES, ERROR_MESSAGES } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import {
  balanceReaches,
  db,
  healthyLedger,
  paidTopUp,
  postWebhook,
  resendEvent as resend,
  sandboxEventsOf,
  sign,
  stripe,
  succeededEvent,
  type SandboxEvent,
} from '../../../test/payments.testkit';

async function succeededEventOf(paymentIntentId: string): Promise<SandboxEvent> {
  const [event] = await sandboxEventsOf('payment_intent.succeeded', paymentIntentId);
  if (!event) throw new Error(`the sandbox sent no payment_intent.succeeded for ${paymentIntentId}`);
  return event;
}

/** A top-up of the user's paid at Stripe directly (the stack's webhook may credit it too, in the background). */
async function paidDirectly(uid: string, cents: number): Promise<string> {
  const intent = await stripe.paymentIntents.create({ amount: cents, currency: 'usd', metadata: { userId: uid } });
  await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  return intent.id;
}

describe('POST /api/payments/create-intent', () => {
  it('needs a signed-in user', async () => {
    const res = await apiCall<{ message: string }>('/api/payments/create-intent', { body: { amount: 20 } });
    expect(res.status).toBe(401);
  });

  it("answers 400 with the contract's message for an amount it cannot charge", async () => {
    const { token } = await newTestUser('intent-bad');
    const messageFor = async (amount: unknown) => {
      const res = await apiCall<{ message: string }>('/api/payments/create-intent', { token, body: { amount } });
      expect(res.status).toBe(400);
      return res.body.message;
    };
    expect(await messageFor(0)).toBe('Please enter a valid amount greater than 0');
    expect(await messageFor('twenty')).toBe('Please enter a valid amount greater than 0');
    expect(await messageFor(4.99)).toBe('Please enter an amount of at least $5');
    expect(await messageFor(1000.01)).toBe('Please enter an amount of at most $1000');
    expect(await messageFor(10.005)).toBe(TOP_UP_MESSAGES.tooPrecise);
  });

  it('creates a USD PaymentIntent in cents for the caller, once per idempotency key', async () => {
    const { token, uid } = await newTestUser('intent');
    const create = (key: string, amount = 20.5) =>
      apiCall('/api/payments/create-intent', { token, body: { amount }, headers: { 'Idempotency-Key': key } });
    const key = `dialog-${Date.now()}`;
    const [first, again] = await Promise.all([create(key), create(key)]);
    expect(first.status).toBe(200);
    const intent = CreatePaymentIntentResponse.parse(first.body);
    expect(CreatePaymentIntentResponse.parse(again.body)).toEqual(intent);
    expect(CreatePaymentIntentResponse.parse((await create(key, 30)).body).paymentIntentId).not.toBe(
      intent.paymentIntentId,
    );

    const stored = await stripe.paymentIntents.retrieve(intent.paymentIntentId);
    expect(stored).toMatchObject({
      amount: 2050,
      currency: 'usd',
      metadata: { userId: uid },
      status: 'requires_payment_method',
    });
    expect(stored.client_secret).toBe(intent.clientSecret);

    const badKey = await apiCall<{ message: string }>('/api/payments/create-intent', {
      token,
      body: { amount: 20 },
      headers: { 'Idempotency-Key': 'no spaces allowed' },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toMatch(/Idempotency-Key/);
  });
});

describe('POST /api/payments/webhook', () => {
  it("credits a paid top-up from Stripe's event once, though the event comes 5 times at once and 5 times in a row", async () => {
    const { token, uid } = await newTestUser('webhook');
    const paymentIntentId = await paidTopUp(token, 20);
    await balanceReaches(uid, 2000);
    const event = await succeededEventOf(paymentIntentId);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => resend(event.id)));
    // The sandbox gives each delivery 10 s; on a loaded machine the Functions emulator can take longer to start a
    // process for a concurrent request. Such a delivery got no answer at all; every answer must be a 200. (The
    // self-signed test below posts concurrently without a deadline and requires five 200s.)
    const answered = concurrent.filter((r) => r.status !== undefined);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((r) => r.status)).toEqual(answered.map(() => 200));
    for (let i = 0; i < 5; i += 1) expect(await resend(event.id)).toMatchObject({ delivered: true, status: 200 });

    const { wallet, transactions } = await healthyLedger(uid);
    expect(wallet.balance).toBe(2000);
    expect(transactions).toEqual([
      expect.objectContaining({
        id: `deposit:${paymentIntentId}`,
        type: 'deposit',
        amount: 2000,
        description: 'Stripe payment: $20.00',
        walletId: uid,
      }),
    ]);
  });

  it('opens a wallet for a user who has none yet, and credits a self-signed event once under concurrency', async () => {
    const { uid } = await newTestUser('webhook-new');
    expect((await db.collection('wallets').doc(uid).get()).exists).toBe(false);
    const paymentIntentId = await paidDirectly(uid, 1234);
    const payload = succeededEvent(uid, 1234, { paymentIntentId });
    const results = await Promise.all(Array.from({ length: 5 }, () => postWebhook(payload, sign(payload))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const { wallet, transactions } = await healthyLedger(uid);
    expect(wallet).toMatchObject({ balance: 1234, reservedBalance: 0, chargedBalance: 0, freePredictions: 5 });
    expect(transactions.map((t) => t.description)).toEqual(['Stripe payment: $12.34']);
  });

  it('rejects a tampered payload, a foreign secret and a missing signature with a JSON 400, crediting nothing', async () => {
    const { uid } = await newTestUser('webhook-forged');
    const payload = succeededEvent(uid, 500);
    const tampered = payload.replace('"amount_received":500', '"amount_received":500000');
    expect(tampered).not.toBe(payload);
    const foreign = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
    for (const [body, signature] of [
      [tampered, sign(payload)],
      [payload, foreign],
      [payload, undefined],
    ] as const) {
      const res = await postWebhook(body, signature);
      expect(res).toEqual({ status: 400, body: { message: 'Invalid Stripe webhook signature' } });
    }
    expect((await db.collection('wallets').doc(uid).get()).exists).toBe(false);
    expect((await db.collection('transactions').where('walletId', '==', uid).get()).size).toBe(0);
  });

  it('acknowledges other events, and a succeeded payment that is no top-up as an alert, moving no money', async () => {
    const { uid } = await newTestUser('webhook-other');
    const other = succeededEvent(uid, 700).replace('payment_intent.succeeded', 'payment_intent.created');
    expect(await postWebhook(other, sign(other))).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    // Paid on the account, but not by our create-intent: no user in its metadata.
    const notOurs = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'usd',
      confirm: true,
      payment_method: 'pm_card_visa',
    });
    const noUser = succeededEvent(uid, 700, { paymentIntentId: notOurs.id });
    expect(await postWebhook(noUser, sign(noUser))).toMatchObject({
      status: 200,
      body: { received: true, outcome: 'alerted' },
    });
    expect((await db.collection('wallets').doc(uid).get()).exists).toBe(false);
  });

  it('answers 5xx when the credit cannot be stored, so Stripe retries, and credits on the retry', async () => {
    const { uid } = await newTestUser('webhook-retry');
    const walletRef = db.collection('wallets').doc(uid);
    await walletRef.set({ userId: uid, balance: 'unreadable' });
    const paymentIntentId = await paidDirectly(uid, 900);
    const payload = succeededEvent(uid, 900, { paymentIntentId });
    const failed = await postWebhook(payload, sign(payload));
    expect(failed.status).toBe(500);
    expect(failed.body.message).toBe(ERROR_MESSAGES.serverError);
    expect((await db.collection('transactions').where('walletId', '==', uid).get()).size).toBe(0);

    await walletRef.delete();
    expect((await postWebhook(payload, sign(payload))).status).toBe(200);
    expect((await healthyLedger(uid)).wallet.balance).toBe(900);
  });
});
