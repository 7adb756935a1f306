import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import {
  ADMIN_ALERTS_MAX_PAGE,
  AdminAlertsPage,
  GeneratePredictionResponse,
  NotificationsPage,
  walletOwesMessage,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import {
  balanceReaches,
  db,
  healthyLedger,
  paidTopUp,
  postWebhook,
  resendEvent,
  sandboxControl,
  sandboxEventsOf,
  sign,
  stripe,
  succeededEvent,
} from '../../../test/payments.testkit';
import { until } from '../../../test/faults.testkit';

/**
 * Money after the payment (issue 14) through the emulators and the Stripe sandbox: refunds and disputes of a top-up
 * reach the wallet by Stripe's signed events, read back from Stripe, applied once however often they come.
 */

/** A user whose top-up of `dollars` the webhook has credited. */
async function userWithTopUp(label: string, dollars: number) {
  const user = await newTestUser(label);
  const paymentIntentId = await paidTopUp(user.token, dollars);
  await balanceReaches(user.uid, dollars * 100);
  return { ...user, paymentIntentId };
}

/** Waits for the sandbox to have sent `count` events of `type` about the top-up, and returns them. */
async function eventsOf(type: string, paymentIntentId: string, count = 1) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const events = await sandboxEventsOf(type, paymentIntentId);
    if (events.length >= count) return events;
    if (Date.now() > deadline) throw new Error(`the sandbox sent ${events.length} ${type}, expected ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Every event about the top-up, delivered 5 more times at once: nothing moves. A delivery is acknowledged with 2xx,
 * or gets no answer within the sandbox's 10 s when the Functions emulator starts a worker per concurrent request on
 * a loaded machine (Stripe then redelivers, as the sequential delivery after the burst does); never another status.
 */
async function replayFiveTimesAtOnce(type: string, paymentIntentId: string) {
  const events = await sandboxEventsOf(type, paymentIntentId);
  const before = await healthyLedger((await stripe.paymentIntents.retrieve(paymentIntentId)).metadata.userId!);
  for (const event of events) {
    const results = await Promise.all(Array.from({ length: 5 }, () => resendEvent(event.id)));
    for (const result of results) expect([200, undefined]).toContain(result.status);
    expect((await resendEvent(event.id)).status).toBe(200);
  }
  expect(await healthyLedger(before.wallet.userId)).toEqual(before);
}

/** The user's inbox through the API, oldest first (docs/product.md#inbox). */
async function inboxOf(token: string) {
  const answer = await apiCall('/api/notifications', { token });
  expect(answer.status).toBe(200);
  return NotificationsPage.parse(answer.body).notifications.reverse();
}

const typesOf = async (uid: string) => (await healthyLedger(uid)).transactions.map((t) => t.type).sort();

describe('refunds of a top-up', () => {
  it('takes a partial refund, then the rest, out of the balance, each once though replayed 5 times at once', async () => {
    const user = await userWithTopUp('refund-partial', 20);
    await stripe.refunds.create({ payment_intent: user.paymentIntentId, amount: 500 });
    await balanceReaches(user.uid, 1500);
    await stripe.refunds.create({ payment_intent: user.paymentIntentId });
    await balanceReaches(user.uid, 0);
    await eventsOf('charge.refunded', user.paymentIntentId, 2);
    await replayFiveTimesAtOnce('charge.refunded', user.paymentIntentId);

    const { transactions } = await healthyLedger(user.uid);
    const refunds = transactions.filter((t) => t.type === 'top_up_refund');
    expect(refunds.map((t) => t.amount).sort()).toEqual([1500, 500]);
    expect(refunds.every((t) => t.id.startsWith(`top-up-refund:${user.paymentIntentId}:re_`))).toBe(true);
    // One inbox entry per refund, written with it by the webhook, none by the replays.
    const inbox = await inboxOf(user.token);
    expect(inbox.map((n) => [n.kind, n.amountCents, n.runId])).toEqual([
      ['topUp.refunded', 500, null],
      ['topUp.refunded', 1500, null],
    ]);
    expect(inbox.map((n) => 'transactionId' in n && n.transactionId).sort()).toEqual(refunds.map((t) => t.id).sort());
    expect(inbox.every((n) => n.id.startsWith('refund:re_'))).toBe(true);

    const history = await apiCall<{ type: string; description: string }[]>('/api/wallet/transactions', {
      token: user.token,
    });
    expect(history.body.map((t) => t.description)).toContain('Refund of Stripe payment: $5.00');
  });

  it('applies a later refund though the ledger refuses an earlier step of the same top-up, and alerts for that step only', async () => {
    const user = await userWithTopUp('refund-refused', 20);
    const first = await stripe.refunds.create({ payment_intent: user.paymentIntentId, amount: 300 });
    await balanceReaches(user.uid, 1700);
    // Behind the ledger's back, the first refund's line is moved to another wallet: replaying it is now refused.
    const firstLine = db.collection('transactions').doc(`top-up-refund:${user.paymentIntentId}:${first.id}`);
    await firstLine.update({ walletId: `${user.uid}-elsewhere` });

    await stripe.refunds.create({ payment_intent: user.paymentIntentId, amount: 500 });
    await balanceReaches(user.uid, 1200);
    // Recorded once the other steps are applied.
    const alertRef = db.collection('adminAlerts').doc(`refused:${firstLine.id}`);
    await until('the refused step is an alert', async () => (await alertRef.get()).exists);
    const alert = await alertRef.get();
    expect(alert.data()).toMatchObject({
      walletId: user.uid,
      transactionIds: [firstLine.id],
      eventType: 'charge.refunded',
    });
    expect(alert.get('reason')).toContain(`belongs to ${user.uid}-elsewhere, replayed for ${user.uid}`);

    await firstLine.update({ walletId: user.uid });
    expect((await typesOf(user.uid)).filter((t) => t === 'top_up_refund')).toHaveLength(2);
  });

  it('after the money was spent: the wallet owes it, paid predictions get a 402 that says so, free ones still work, and the next deposit repays', async () => {
    const user = await userWithTopUp('refund-spent', 5);
    const wallets = db.collection('wallets').doc(user.uid);
    // As if this month's free predictions were used up: the next two reserve real money.
    await wallets.update({ freePredictions: 0 });
    const generate = (timeFrame: string) =>
      apiCall('/api/predictions/generate', {
        token: user.token,
        body: { symbol: 'AAPL', modelId: 'recommended', timeFrame },
      });
    expect((await generate('short')).status).toBe(200);
    expect((await generate('medium')).status).toBe(200);
    expect((await healthyLedger(user.uid)).wallet).toMatchObject({ balance: 300, reservedBalance: 200 });

    await stripe.refunds.create({ payment_intent: user.paymentIntentId });
    await balanceReaches(user.uid, -200);
    await eventsOf('charge.refunded', user.paymentIntentId);
    await replayFiveTimesAtOnce('charge.refunded', user.paymentIntentId);
    expect((await healthyLedger(user.uid)).wallet).toMatchObject({ balance: -200, reservedBalance: 200 });

    const refused = await generate('long');
    expect(refused).toEqual({ status: 402, body: { message: walletOwesMessage(200) } });
    expect(walletOwesMessage(200)).toBe('Your wallet is $2.00 below zero after a refund; add funds to continue');

    // The monthly reset gives a free prediction back (what maintenance does on the reset date): it still works.
    await wallets.update({ freePredictions: 1 });
    const free = await generate('long');
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(GeneratePredictionResponse.parse(free.body).prediction.isFree).toBe(true);

    await paidTopUp(user.token, 5);
    await balanceReaches(user.uid, 300);
    const { wallet } = await healthyLedger(user.uid);
    expect(wallet).toMatchObject({ balance: 300, reservedBalance: 200, freePredictions: 0 });
  });
});

describe('disputes of a top-up', () => {
  it.each(['lost', 'won'] as const)(
    'holds the amount back when opened and, %s, keeps or returns it, each step once though replayed 5 times at once',
    async (outcome) => {
      const user = await userWithTopUp(`dispute-${outcome}`, 10);
      const dispute = await sandboxControl(`/sandbox/payment_intents/${user.paymentIntentId}/dispute`);
      await balanceReaches(user.uid, 0);
      await eventsOf('charge.dispute.created', user.paymentIntentId);
      await replayFiveTimesAtOnce('charge.dispute.created', user.paymentIntentId);

      await sandboxControl(`/sandbox/disputes/${dispute.id}/close`, { outcome });
      const closedType = outcome === 'won' ? 'dispute_won' : 'dispute_lost';
      const deadline = Date.now() + 15_000;
      while (!(await typesOf(user.uid)).includes(closedType)) {
        if (Date.now() > deadline) throw new Error(`no ${closedType} in the ledger`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await replayFiveTimesAtOnce('charge.dispute.closed', user.paymentIntentId);
      await replayFiveTimesAtOnce('charge.dispute.created', user.paymentIntentId);

      const { wallet } = await healthyLedger(user.uid);
      expect(wallet.balance).toBe(outcome === 'won' ? 1000 : 0);
      expect(await typesOf(user.uid)).toEqual(['deposit', 'dispute', closedType].sort());
      expect((await inboxOf(user.token)).map((n) => [n.id, n.kind, n.amountCents])).toEqual([
        [`dispute:${dispute.id}:opened`, 'topUp.disputed', 1000],
        [`dispute:${dispute.id}:${outcome}`, outcome === 'won' ? 'topUp.disputeWon' : 'topUp.disputeLost', 1000],
      ]);
    },
  );

  it('credits a top-up whose dispute came first, from what Stripe says, and only once', async () => {
    const user = await newTestUser('dispute-card');
    // Stripe's test card 4000 0000 0000 0259 is disputed right after it pays: the two events may come in any order.
    const paymentIntentId = await paidTopUp(user.token, 10, 'pm_card_createDispute');
    await eventsOf('charge.dispute.created', paymentIntentId);
    await balanceReaches(user.uid, 0);
    await replayFiveTimesAtOnce('payment_intent.succeeded', paymentIntentId);
    expect(await typesOf(user.uid)).toEqual(['deposit', 'dispute']);
  });
});

describe('signed events that can never be applied', () => {
  const admin = (async () => {
    const account = await newTestUser('alerts-admin');
    await getAuth().setCustomUserClaims(account.uid, { admin: true });
    return (await emulatorSignIn(account)).idToken;
  })();

  /** The event's PaymentIntent, as each case has it at Stripe. */
  const cases: [string, (uid: string) => Promise<string | undefined>, string][] = [
    ['a PaymentIntent Stripe does not have', async () => undefined, 'Stripe has no payment_intent pi_int'],
    [
      'a PaymentIntent not paid',
      async (uid) =>
        (await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', metadata: { userId: uid } })).id,
      'has status "requires_payment_method", not succeeded',
    ],
    [
      'a payment in another currency',
      async (uid) =>
        (
          await stripe.paymentIntents.create({
            amount: 1000,
            currency: 'eur',
            metadata: { userId: uid },
            confirm: true,
            payment_method: 'pm_card_visa',
          })
        ).id,
      'is not a wallet top-up (no user in its metadata, or not USD)',
    ],
  ];

  it.each(cases)('are acknowledged with 2xx and shown to the admin as an alert: %s', async (_, intentOf, reason) => {
    const { uid } = await newTestUser('alert');
    const paymentIntentId = await intentOf(uid);
    const payload = succeededEvent(uid, 1000, paymentIntentId === undefined ? {} : { paymentIntentId });
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const answers = await Promise.all([postWebhook(payload, sign(payload)), postWebhook(payload, sign(payload))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await db.collection('wallets').doc(uid).get()).exists).toBe(false);

    const newest = `/api/admin/alerts?limit=${ADMIN_ALERTS_MAX_PAGE}`;
    const { alerts } = AdminAlertsPage.parse((await apiCall(newest, { token: await admin })).body);
    const mine = alerts.filter((a) => a.eventId === eventId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ eventType: 'payment_intent.succeeded' });
    expect(mine[0]!.reason).toContain(reason);
  });

  it('keep the alerts for admins only', async () => {
    const { token } = await newTestUser('alerts-user');
    expect((await apiCall('/api/admin/alerts', { token })).status).toBe(403);
  });
});
