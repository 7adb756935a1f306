import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import {
  ACCOUNT_MESSAGES,
  AdminRefundResponse,
  CLOSE_ACCOUNT_CONFIRMATION,
  SUPPORT_MESSAGES,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { upstreamUnavailable } from '../../domain/errors';
import { auditWallet, STALE_REFUND_HOLD_MS } from '../../domain/maintenance/books';
import { createModelPool, type ModelPool } from '../../adapters/model-pool/pool';
import { stripeGateway, type PaymentGateway } from '../../adapters/stripe/gateway';
import { startFaultyApi, until, type FaultyApi } from '../../../test/faults.testkit';
import {
  balanceReaches,
  db,
  healthyLedger,
  paidTopUp,
  sandboxControl,
  stripe,
  stripeSettings,
} from '../../../test/payments.testkit';
import { stepContext } from '../../../test/steps.testkit';
import { fixedClockAt } from '../../domain/clock';
import { RELEASE_UNSENT_HOLD_AFTER_MS, RESOLVE_HOLD_AFTER_MS } from '../../domain/ledger/refundHolds';
import { refundHoldsStep } from '../../services/maintenance/refundHolds';

/**
 * Support actions that move money check and act in one wallet-writer commit (docs/product.md#admin-refunds,
 * docs/product.md#courtesy-credits), reproduced as an outside probe found them: concurrent admin refunds that
 * refunded reserved money, and concurrent courtesy credits with no ceiling. The refunds go through the real API in
 * this process (faults.testkit.ts: the stack's emulators and Stripe sandbox), whose Stripe answers a refund in
 * STRIPE_REFUND_MS, as Stripe itself takes a moment, where the sandbox answers at once: the window a check before the
 * call leaves open, made as wide as in production. Its Stripe can also be down.
 */
let adminToken: string;
let models: ModelPool;
let api: FaultyApi;
let stripeDown = false;
const STRIPE_REFUND_MS = 500;

beforeAll(async () => {
  adminToken = (await emulatorSignIn(DEMO_ADMIN)).idToken;
  const sandbox = stripeGateway(stripeSettings);
  const stripeAsInProduction: PaymentGateway = {
    ...sandbox,
    refundTopUp: async (input) => {
      if (stripeDown) throw upstreamUnavailable('Payments are unavailable right now. Please try again in a moment.');
      await new Promise((resolve) => setTimeout(resolve, STRIPE_REFUND_MS));
      return sandbox.refundTopUp(input);
    },
  };
  models = createModelPool({ threads: 1 });
  api = await startFaultyApi(models, { payments: stripeAsInProduction });
});

afterAll(async () => {
  await api.close();
  await models.close();
});

/** An admin's refund through the API in this process. */
const refund = (uid: string, body: unknown, key = randomUUID()) =>
  api.post(`/api/admin/users/${uid}/refunds`, {
    token: adminToken,
    body: JSON.stringify(body),
    headers: { 'Idempotency-Key': key },
  });

/** A courtesy credit through the stack's API. */
const credit = (uid: string, body: unknown) =>
  apiCall<unknown>(`/api/admin/users/${uid}/credits`, {
    token: adminToken,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });

/** A signed-in user whose wallet is open, with a top-up of each of `dollars` credited. */
async function customerWithTopUps(label: string, ...dollars: number[]) {
  const user = await newTestUser(label);
  expect((await apiCall('/api/me', { token: user.token, body: {} })).status).toBe(200);
  const paymentIntentIds: string[] = [];
  for (const amount of dollars) paymentIntentIds.push(await paidTopUp(user.token, amount));
  await balanceReaches(user.uid, dollars.reduce((sum, d) => sum + d, 0) * 100);
  return { ...user, paymentIntentIds };
}

/** The wallet's one open refund hold. */
async function openHold(uid: string) {
  const holds = Object.entries((await healthyLedger(uid)).wallet.refundHolds ?? {});
  expect(holds).toHaveLength(1);
  const [holdId, hold] = holds[0]!;
  return { holdId, ...hold };
}

/**
 * The nightly refund-hold resolver's step, `afterMs` after the hold was made: it must plan the wallet, and is run on
 * it alone (other files' wallets are theirs).
 */
async function resolverRun(uid: string, heldAt: string, afterMs: number) {
  const at = new Date(Date.parse(heldAt) + afterMs);
  const ctx = stepContext(`resolver-${uid}-${afterMs}`, fixedClockAt(at.toISOString().slice(0, 10), at));
  const planned = (await refundHoldsStep.plan(ctx)).flatMap((shard) => shard.input.walletIds);
  expect(planned).toContain(uid);
  return refundHoldsStep.run(ctx, { walletIds: [uid] });
}

/** The statuses of concurrent answers, counted: `{ 200: n, 409: m }`. */
const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

/** The wallet's books as the nightly audit reads them: the invariants hold, and nothing is held for a refund. */
async function booksClean(uid: string) {
  const ledger = await healthyLedger(uid);
  const books = auditWallet(ledger.wallet, ledger.transactions, { since: '', now: new Date() });
  expect(books.violations).toEqual([]);
  expect(ledger.wallet.refundHolds).toBeUndefined();
  return ledger;
}

/** Ten different forecasts: each paid one reserves its own $1. */
const FORECASTS = ['KO', 'AAPL']
  .flatMap((symbol) =>
    (['arima', 'xgboost'] as const).flatMap((modelId) =>
      (['short', 'medium', 'long'] as const).map((timeFrame) => ({ symbol, modelId, timeFrame })),
    ),
  )
  .slice(0, 10);

describe('concurrent admin refunds', () => {
  it('with Available $10 and Reserved $10, four $5 refunds at once: two are made, two refused, Available never below zero', async () => {
    const user = await newTestUser('refund-four-at-once');
    expect((await apiCall('/api/me', { token: user.token, body: {} })).status).toBe(200);
    const paymentIntentId = await paidTopUp(user.token, 20);
    await balanceReaches(user.uid, 2000);
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
    for (const forecast of FORECASTS) {
      const made = await apiCall('/api/predictions/generate', { token: user.token, body: forecast });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    expect((await healthyLedger(user.uid)).wallet).toMatchObject({ balance: 1000, reservedBalance: 1000 });

    const body = { paymentIntentId, amountCents: 500, reason: 'four admins, one wallet' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => refund(user.uid, body)));
    expect(statusCounts(answers), JSON.stringify(answers.map((a) => a.body))).toEqual({ 200: 2, 409: 2 });
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ message: SUPPORT_MESSAGES.refundExceedsAvailable(0) });
    }
    for (const made of answers.filter((a) => a.status === 200)) {
      expect(AdminRefundResponse.parse(made.body).wallet.balance).toBeGreaterThanOrEqual(0);
    }

    // The card got back what Available held, no more; Reserved is untouched; the books balance.
    const refunds = (await stripe.refunds.list({ payment_intent: paymentIntentId })).data;
    expect(refunds.map((r) => r.amount)).toEqual([500, 500]);
    const ledger = await booksClean(user.uid);
    expect(ledger.wallet).toMatchObject({ balance: 0, reservedBalance: 1000 });
    const count = (type: string) => ledger.transactions.filter((t) => t.type === type).length;
    expect([count('refund_hold'), count('top_up_refund'), count('refund_hold_release')]).toEqual([2, 2, 2]);
  }, 180_000);
});

describe('concurrent courtesy credits', () => {
  it('twenty $100 credits at once: none above the per-credit ceiling; then only up to the 30-day ceiling', async () => {
    const user = await newTestUser('credits-twenty-at-once');
    expect((await apiCall('/api/me', { token: user.token, body: {} })).status).toBe(200);

    const hundreds = await Promise.all(
      Array.from({ length: 20 }, () => credit(user.uid, { amountCents: 10_000, reason: 'outage' })),
    );
    expect(statusCounts(hundreds)).toEqual({ 409: 20 });
    for (const refused of hundreds) expect(refused.body).toEqual({ message: SUPPORT_MESSAGES.creditAboveCap(5_000) });

    // $30 at a time: three fit in the $100 of 30 days, and each refusal says the $10 left.
    const thirties = await Promise.all(
      Array.from({ length: 20 }, () => credit(user.uid, { amountCents: 3_000, reason: 'outage' })),
    );
    expect(statusCounts(thirties)).toEqual({ 200: 3, 409: 17 });
    for (const refused of thirties.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ message: SUPPORT_MESSAGES.creditsAboveWindowCap(10_000, 1_000) });
    }
    expect((await credit(user.uid, { amountCents: 1_000, reason: 'the rest' })).status).toBe(200);
    expect(await credit(user.uid, { amountCents: 1, reason: 'one cent more' })).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.creditsAboveWindowCap(10_000, 0) },
    });

    const ledger = await booksClean(user.uid);
    expect(ledger.wallet.balance).toBe(10_000);
    expect(ledger.transactions.filter((t) => t.type === 'credit').map((t) => t.amount)).toEqual(
      expect.arrayContaining([3_000, 3_000, 3_000, 1_000]),
    );
    expect(ledger.transactions).toHaveLength(4);
  }, 180_000);
});

describe("an admin refund's hold", () => {
  describe('left by a request that stopped before Stripe answered', () => {
    afterAll(() => {
      stripeDown = false;
    });

    it('stays out of Available, is named by the books, holds up a closing, and is finished by a retry of its key', async () => {
      const user = await customerWithTopUps('refund-hold-left', 10);
      const [paymentIntentId] = user.paymentIntentIds;
      const key = randomUUID();
      const post = () => refund(user.uid, { paymentIntentId, amountCents: 400, reason: 'Stripe was down' }, key);
      stripeDown = true;
      expect((await post()).status).toBe(503);

      const held = await healthyLedger(user.uid);
      expect(held.wallet.balance).toBe(600);
      expect(Object.values(held.wallet.refundHolds ?? {})).toMatchObject([{ paymentIntentId, amountCents: 400 }]);
      expect((await stripe.refunds.list({ payment_intent: paymentIntentId })).data).toEqual([]);
      const inAnHour = new Date(Date.now() + STALE_REFUND_HOLD_MS + 60_000);
      const books = auditWallet(held.wallet, held.transactions, { since: '', now: inAnHour });
      expect(books.violations).toEqual([expect.stringMatching(/^refund-hold:\w+ has held 400 cents of pi_/)]);
      // The closure refunds Available: it waits for the refund in progress.
      const close = await apiCall('/api/account/close', {
        token: user.token,
        body: { confirmation: CLOSE_ACCOUNT_CONFIRMATION },
      });
      expect(close).toMatchObject({ status: 409, body: { message: ACCOUNT_MESSAGES.refundsPending } });

      stripeDown = false;
      const retried = await post();
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      const made = AdminRefundResponse.parse(retried.body);
      expect(made).toMatchObject({ amountCents: 400, wallet: { balance: 600 } });
      expect((await stripe.refunds.list({ payment_intent: paymentIntentId })).data.map((r) => r.id)).toEqual([
        made.refundId,
      ]);
      // Once more: the same refund, nothing moves.
      expect(AdminRefundResponse.parse((await post()).body).refundId).toBe(made.refundId);
      expect((await booksClean(user.uid)).wallet.balance).toBe(600);
    }, 120_000);

    it('is released by the nightly resolver an hour on when the refund never reached Stripe; a retry of its key then sends nothing', async () => {
      const user = await customerWithTopUps('refund-hold-unsent', 10);
      const [paymentIntentId] = user.paymentIntentIds;
      const key = randomUUID();
      const post = () => refund(user.uid, { paymentIntentId, amountCents: 400, reason: 'Stripe was down' }, key);
      stripeDown = true;
      expect((await post()).status).toBe(503);
      const hold = await openHold(user.uid);
      expect(hold).toMatchObject({ paymentIntentId, amountCents: 400 });

      // Its request may still be calling Stripe: left alone.
      expect(await resolverRun(user.uid, hold.heldAt, RESOLVE_HOLD_AFTER_MS)).toEqual({ failedCount: 0 });
      expect((await openHold(user.uid)).holdId).toBe(hold.holdId);
      // An hour on, Stripe has no refund made from it: released, the $4 back to Available.
      expect(await resolverRun(user.uid, hold.heldAt, RELEASE_UNSENT_HOLD_AFTER_MS)).toEqual({ failedCount: 0 });
      const released = await booksClean(user.uid);
      expect(released.wallet.balance).toBe(1000);
      expect(released.transactions.filter((t) => t.type.startsWith('refund_hold')).map((t) => t.type)).toEqual(
        expect.arrayContaining(['refund_hold', 'refund_hold_release']),
      );

      // Stripe is back: the admin's retry of the key says the refund was not made, and asks Stripe for nothing.
      stripeDown = false;
      expect(await post()).toMatchObject({ status: 409, body: { message: SUPPORT_MESSAGES.refundReleased } });
      expect((await stripe.refunds.list({ payment_intent: paymentIntentId })).data).toEqual([]);
      // Run again: nothing more to do.
      expect(await resolverRun(user.uid, hold.heldAt, 2 * RELEASE_UNSENT_HOLD_AFTER_MS)).toEqual({ failedCount: 0 });
      expect((await booksClean(user.uid)).wallet.balance).toBe(1000);
    }, 120_000);

    it('goes back to Available when Stripe then refuses the refund, and a retry of that key says so', async () => {
      const user = await customerWithTopUps('refund-hold-refused', 10, 10);
      const [first] = user.paymentIntentIds;
      const key = randomUUID();
      const post = () => refund(user.uid, { paymentIntentId: first, amountCents: 800, reason: 'Stripe was down' }, key);
      stripeDown = true;
      expect((await post()).status).toBe(503);
      // Meanwhile the bank refunds the whole top-up: nothing is left of it for the held refund.
      await stripe.refunds.create({ payment_intent: first });
      await balanceReaches(user.uid, 200);
      stripeDown = false;
      const refused = await post();
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.message).toMatch(/^Stripe refused the refund/);
      expect(await post()).toMatchObject({ status: 409, body: { message: SUPPORT_MESSAGES.refundReleased } });
      const ledger = await booksClean(user.uid);
      expect(ledger.wallet.balance).toBe(1000);
      expect(ledger.transactions.filter((t) => t.type.startsWith('refund_hold')).map((t) => t.type)).toEqual(
        expect.arrayContaining(['refund_hold', 'refund_hold_release']),
      );
      expect((await stripe.refunds.list({ payment_intent: first })).data.map((r) => r.amount)).toEqual([1000]);
    }, 120_000);
  });
});

describe('an admin refund pending at the bank', () => {
  it('keeps its hold while pending, however old; failed, its charge.refund.updated releases the hold to Available', async () => {
    const user = await newTestUser('refund-pending-failed');
    expect((await apiCall('/api/me', { token: user.token, body: {} })).status).toBe(200);
    const paymentIntentId = await paidTopUp(user.token, 10, 'pm_card_pendingRefund');
    await balanceReaches(user.uid, 1000);
    const key = randomUUID();
    const post = () => refund(user.uid, { paymentIntentId, amountCents: 400, reason: 'the bank will bounce it' }, key);
    const made = await post();
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { refundId } = AdminRefundResponse.parse(made.body);
    expect(await stripe.refunds.retrieve(refundId)).toMatchObject({ status: 'pending', amount: 400 });
    const hold = await openHold(user.uid);
    expect((await healthyLedger(user.uid)).wallet.balance).toBe(600);

    // Pending at the bank for a day: the resolver leaves the hold, and the money out of Available.
    expect(await resolverRun(user.uid, hold.heldAt, 86_400_000)).toEqual({ failedCount: 0 });
    expect((await openHold(user.uid)).holdId).toBe(hold.holdId);

    // The bank bounces it: Stripe's charge.refund.updated, read back, releases the hold.
    await sandboxControl(`/sandbox/refunds/${refundId}/settle`, { outcome: 'failed' });
    await until('the hold released', async () => (await healthyLedger(user.uid)).wallet.refundHolds === undefined);
    const ledger = await booksClean(user.uid);
    expect(ledger.wallet.balance).toBe(1000);
    expect(ledger.transactions.filter((t) => t.type !== 'deposit').map((t) => [t.type, t.amount])).toEqual(
      expect.arrayContaining([
        ['refund_hold', 400],
        ['refund_hold_release', 400],
      ]),
    );
    expect(ledger.transactions.some((t) => t.type === 'top_up_refund')).toBe(false);
    // A retry of the key: not made, and nothing sent again.
    expect(await post()).toMatchObject({ status: 409, body: { message: SUPPORT_MESSAGES.refundReleased } });
    expect((await stripe.refunds.list({ payment_intent: paymentIntentId })).data.map((r) => r.id)).toEqual([refundId]);
  }, 120_000);
});
