import { describe, expect, it } from 'vitest';
import { getAuth, type Auth } from 'firebase-admin/auth';
import {
  ACCOUNT_MESSAGES,
  CloseAccountResponse,
  ClosurePreview,
  PREDICTION_FEE_CENTS,
  type Transaction,
  type Wallet,
} from '@stockseer/contract';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import {
  balanceReaches,
  db,
  healthyLedger,
  paidTopUp,
  payments,
  resendEvent,
  sandboxControl,
  sandboxEventsOf,
  stripe,
  stripeSettings,
} from '../../../test/payments.testkit';
import { fixedClock } from '../../domain/clock';
import { checkInvariants, holdForRefund, ledgerTxId, payForPrediction } from '../../domain/ledger';
import { addTradingDays } from '../../domain/calendar';
import { commitToWallet } from '../../adapters/firestore/walletWriter';
import { createPrediction } from '../../adapters/firestore/predictions';
import { storedLine } from '../../adapters/firestore/storedLine';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import { stripeGateway, type PaymentGateway } from '../../adapters/stripe/gateway';
import { auditStep, reconcileStep } from '../maintenance/books';
import { reconcilePeriodOf, stepContext } from '../../../test/steps.testkit';
import { until } from '../../../test/faults.testkit';
import { closeAccount, type CloseAccountDeps } from './close';
import { createTopUpIntent } from '../wallet/topUpIntent';

/**
 * Closing an account (docs/product.md#closing-an-account) through the emulators and the Stripe sandbox: real top-ups
 * paid by card, open predictions made through the wallet writer, the closure through the API (or in this process,
 * where a test stops it midway), Stripe's refunds and their webhooks, and the books audited after.
 */
const today = new Date().toISOString().slice(0, 10);
const clock = fixedClock(today);
const deps = (override: Partial<CloseAccountDeps> = {}): CloseAccountDeps => ({
  db,
  auth: getAuth(),
  clock,
  payments,
  ...override,
});
const books = (runId: string) => stepContext(runId, clock);

/** Our gateway to the stack's sandbox, as the functions have it, with some of its calls replaced. */
const gatewayWith = (replaced: Partial<PaymentGateway>): PaymentGateway => ({
  ...stripeGateway(stripeSettings),
  ...replaced,
});

type User = Awaited<ReturnType<typeof newTestUser>>;

async function signedUp(label: string): Promise<User> {
  const user = await newTestUser(label);
  expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
  return user;
}

/** Top-ups paid by card, oldest first, each credited by its webhook before the next. */
async function toppedUp(user: User, ...dollars: number[]): Promise<string[]> {
  const intents: string[] = [];
  let cents = (await healthyLedger(user.uid)).wallet.balance;
  for (const amount of dollars) {
    intents.push(await paidTopUp(user.token, amount));
    cents += Math.round(amount * 100);
    await balanceReaches(user.uid, cents);
  }
  return intents;
}

/** Open predictions made as a generate makes them: the ledger's rule and the prediction, in one commit. */
async function openPredictions(user: User, kinds: readonly ('free' | 'paid')[]): Promise<string[]> {
  const now = clock.now();
  const ids: string[] = [];
  for (const [i, kind] of kinds.entries()) {
    const id = `${user.uid}-open-${i}`;
    // Which the rule chooses: a free one while the allowance lasts, so the test sets it.
    await db
      .collection('wallets')
      .doc(user.uid)
      .update({ freePredictions: kind === 'free' ? 1 : 0 });
    await commitToWallet(db, {
      userId: user.uid,
      now,
      steps: [
        {
          txId: ledgerTxId.reserve(id),
          decide: (w: Wallet) => payForPrediction(w, { predictionId: id, ticker: 'KO', now }),
        },
      ],
      alsoWrite: (tx) =>
        createPrediction(tx, db, {
          id,
          symbol: 'KO',
          modelId: 'arima',
          modelName: 'ARIMA',
          modelChoice: 'recommended',
          timeFrame: 'short',
          predictionType: 'future',
          predictionDate: today,
          priceAtPrediction: 60,
          targetDate: addTradingDays(today, 90),
          targetPrice: 61,
          lowerPrice: 58,
          upperPrice: 64,
          hitLow: 59.8,
          hitHigh: 62.2,
          hitProbability: 0.4,
          actualPrice: null,
          status: 'active',
          isFree: kind === 'free',
          userId: user.uid,
          userEmail: user.email,
          createdAt: now.toISOString(),
        }),
    });
    ids.push(id);
  }
  return ids;
}

/** The lines the books keep of a wallet, deleted or not. */
async function ledgerLines(uid: string): Promise<Transaction[]> {
  return (await buildQuery(db, QUERIES.walletLedger, [uid]).get()).docs.map((doc) => storedLine(doc));
}

/** What Stripe refunded of each top-up. */
async function stripeRefunds(paymentIntentId: string): Promise<number[]> {
  const { data } = await stripe.refunds.list({ payment_intent: paymentIntentId });
  return data.map((refund) => refund.amount);
}

/** The ledger of a closed account still balances: at zero Available and zero Reserved, every line accounted for. */
function expectClosedBooks(uid: string, lines: readonly Transaction[], chargedCents = 0) {
  const closedWallet = {
    userId: uid,
    balance: 0,
    reservedBalance: 0,
    chargedBalance: chargedCents,
    freePredictions: 0,
    resetDate: '2099-01-01',
    createdAt: '2020-01-01T00:00:00.000Z',
    updatedAt: '2020-01-01T00:00:00.000Z',
  };
  expect(checkInvariants(closedWallet, lines)).toEqual([]);
}

/** The nightly audit and reconciliation of a closed account's period (from `from` to now): no finding. */
async function expectBooksBalanced(uid: string, lines: readonly Transaction[], from: Date) {
  const runId = `closure-books-${uid}`;
  expect(await auditStep.run(books(runId), { walletIds: [uid], since: '' })).toMatchObject({ booksDiscrepancies: 0 });
  expect(await reconcileStep.run(books(runId), reconcilePeriodOf(from, lines))).toEqual({ booksDiscrepancies: 0 });
}

async function expectNothingPersonalLeft(user: User, predictionIds: readonly string[]) {
  const [profile, wallet, watchlist, notifications, subscriptions] = await Promise.all([
    db.collection('users').doc(user.uid).get(),
    db.collection('wallets').doc(user.uid).get(),
    db.collection('watchlists').doc(user.uid).get(),
    db.collection('users').doc(user.uid).collection('notifications').get(),
    db.collection('users').doc(user.uid).collection('pushSubscriptions').get(),
  ]);
  expect([profile.exists, wallet.exists, watchlist.exists]).toEqual([false, false, false]);
  expect([notifications.size, subscriptions.size]).toEqual([0, 0]);
  await expect(getAuth().getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  for (const id of predictionIds) {
    const prediction = (await db.collection('predictions').doc(id).get()).data();
    expect(prediction).toMatchObject({ status: 'cancelled', userEmail: null });
  }
  expect((await db.collection('accountClosures').doc(user.uid).get()).data()).toMatchObject({ state: 'closed' });
}

const close = (token: string) => apiCall('/api/account/close', { token, body: { confirmation: 'CLOSE' } });

/** Closes through the API: 200, and the refunds it tells of, by top-up (newest first), and how many it cancelled. */
async function closedWith(token: string, refunds: [string, number][], cancelledPredictions: number) {
  const closed = await close(token);
  expect(closed.status).toBe(200);
  expect(CloseAccountResponse.parse(closed.body)).toEqual({
    refunds: refunds.map(([paymentIntentId, refundCents]) => ({ paymentIntentId, refundCents })),
    refundTotalCents: refunds.reduce((sum, [, cents]) => sum + cents, 0),
    cancelledPredictions,
  });
}

describe('closing an account', () => {
  it('from $37.50 with two open paid predictions: $0 left, $39.50 refunded across two top-ups, newest first, nothing personal left, the books balanced', async () => {
    const from = new Date(Date.now() - 1000);
    const user = await signedUp('closure-full');
    const [older, newer] = (await toppedUp(user, 20, 19.5)) as [string, string];
    const predictions = await openPredictions(user, ['free', 'paid', 'paid']);
    expect((await healthyLedger(user.uid)).wallet).toMatchObject({ balance: 3750, reservedBalance: 200 });
    await apiCall('/api/watchlist/star', { token: user.token, body: { symbol: 'KO' } });
    // Stand-ins for what the inbox and push notifications keep under the user (users/{uid}/...).
    await db.doc(`users/${user.uid}/notifications/n1`).set({ title: 'Your KO forecast', email: user.email });
    await db.doc(`users/${user.uid}/pushSubscriptions/s1`).set({ endpoint: 'https://push.invalid/1' });

    const preview = ClosurePreview.parse((await apiCall('/api/account/closure', { token: user.token })).body);
    expect(preview).toMatchObject({
      refusal: null,
      availableCents: 3750,
      openFreePredictions: 1,
      refundTotalCents: 3950,
      refunds: [
        { paymentIntentId: newer, topUpCents: 1950, refundCents: 1950 },
        { paymentIntentId: older, topUpCents: 2000, refundCents: 2000 },
      ],
    });
    expect(preview.openPaidPredictions.map((p) => p.id).sort()).toEqual(predictions.slice(1).sort());

    await closedWith(
      user.token,
      [
        [newer, 1950],
        [older, 2000],
      ],
      3,
    );
    expect([await stripeRefunds(newer), await stripeRefunds(older)]).toEqual([[1950], [2000]]);

    const lines = await ledgerLines(user.uid);
    expect(
      lines
        .filter((t) => t.type === 'cancellation')
        .map((t) => t.id)
        .sort(),
    ).toEqual(
      predictions
        .slice(1)
        .map((id) => ledgerTxId.settle(id))
        .sort(),
    );
    expect(lines.filter((t) => t.type === 'top_up_refund').reduce((sum, t) => sum + t.amount, 0)).toBe(3950);
    expectClosedBooks(user.uid, lines);
    await expectNothingPersonalLeft(user, predictions);

    // Stripe's refund events, late and again: recognised, nothing moves, no alert.
    for (const paymentIntentId of [newer, older]) {
      for (const event of await sandboxEventsOf('charge.refunded', paymentIntentId)) {
        expect((await resendEvent(event.id)).status).toBe(200);
      }
    }
    expect(await ledgerLines(user.uid)).toEqual(expect.arrayContaining(lines));
    expect((await ledgerLines(user.uid)).length).toBe(lines.length);
    // A token that outlived the account opens nothing again.
    expect([401, 404]).toContain((await apiCall('/api/me', { method: 'POST', token: user.token })).status);
    expect((await db.collection('users').doc(user.uid).get()).exists).toBe(false);
    expect((await db.collection('wallets').doc(user.uid).get()).exists).toBe(false);

    // The nightly audit and reconciliation of the period: Stripe's top-ups and refunds all in the books.
    await expectBooksBalanced(user.uid, lines, from);
  });

  it('with a card top-up and a courtesy credit: the card part refunded, the credit part forfeited, $0, the books balanced', async () => {
    const from = new Date(Date.now() - 1000);
    const user = await signedUp('closure-credit');
    const [topUp] = (await toppedUp(user, 10)) as [string];
    const admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
    const credited = await apiCall(`/api/admin/users/${user.uid}/credits`, {
      token: admin,
      body: { amountCents: 250, reason: 'sorry for the outage' },
      headers: { 'Idempotency-Key': `closure-credit-${user.uid}` },
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const [open] = await openPredictions(user, ['paid']);
    expect((await healthyLedger(user.uid)).wallet).toMatchObject({ balance: 1150, reservedBalance: 100 });

    const preview = ClosurePreview.parse((await apiCall('/api/account/closure', { token: user.token })).body);
    expect(preview).toMatchObject({
      refusal: null,
      availableCents: 1150,
      refunds: [{ paymentIntentId: topUp, topUpCents: 1000, refundCents: 1000 }],
      refundTotalCents: 1000,
      forfeitCents: 250,
    });

    await closedWith(user.token, [[topUp, 1000]], 1);
    expect(await stripeRefunds(topUp)).toEqual([1000]);
    const lines = await ledgerLines(user.uid);
    expect(lines.filter((t) => t.type === 'forfeiture')).toMatchObject([
      { id: ledgerTxId.forfeit(user.uid), amount: 250, walletId: user.uid },
    ]);
    expect(lines.filter((t) => t.type === 'cancellation').map((t) => t.id)).toEqual([ledgerTxId.settle(open!)]);
    expectClosedBooks(user.uid, lines);
    await expectNothingPersonalLeft(user, [open!]);

    // Run again (a resumed closure): the forfeiture and the refund are found done, nothing moves.
    await closeAccount(deps(), user.uid);
    expect((await ledgerLines(user.uid)).length).toBe(lines.length);
    expect(await stripeRefunds(topUp)).toEqual([1000]);

    // The nightly books: the forfeiture has no Stripe object behind it, and none is looked for.
    await expectBooksBalanced(user.uid, lines, from);
  });

  it('is refused with 409 while the wallet owes money, and changes nothing', async () => {
    const user = await signedUp('closure-debt');
    const [topUp] = await toppedUp(user, 5);
    await openPredictions(user, ['paid']);
    await stripe.refunds.create({ payment_intent: topUp! });
    await balanceReaches(user.uid, -PREDICTION_FEE_CENTS);
    const before = await healthyLedger(user.uid);

    const preview = ClosurePreview.parse((await apiCall('/api/account/closure', { token: user.token })).body);
    expect(preview.refusal).toBe(ACCOUNT_MESSAGES.walletOwes(PREDICTION_FEE_CENTS));
    expect(await close(user.token)).toEqual({ status: 409, body: { message: ACCOUNT_MESSAGES.walletOwes(100) } });
    expect(await healthyLedger(user.uid)).toEqual(before);
    expect(before.wallet.closingSince).toBeUndefined();
    expect((await db.collection('accountClosures').doc(user.uid).get()).exists).toBe(false);
    expect((await getAuth().getUser(user.uid)).uid).toBe(user.uid);
  });

  it('is refused with 409 when an admin refund holds money by the time the wallet is marked, though it held none when checked', async () => {
    const user = await signedUp('closure-hold-meanwhile');
    const [paymentIntentId] = (await toppedUp(user, 10)) as [string];
    const holdId = `meanwhile-${user.uid}`;
    const now = clock.now();
    // An admin's refund holds $4 after the closure checked the wallet, just before the commit that marks it.
    let held = false;
    const holdFirst = () =>
      commitToWallet(db, {
        userId: user.uid,
        now,
        steps: [
          {
            txId: ledgerTxId.refundHold(holdId),
            decide: (w) => holdForRefund(w, { holdId, paymentIntentId, amountCents: 400, refundableCents: 1000, now }),
          },
        ],
      });
    const holdingBeforeTheMark = new Proxy(db, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        if (key !== 'runTransaction') return typeof value === 'function' ? value.bind(object) : value;
        return async (...args: Parameters<typeof db.runTransaction>) => {
          // The closure's reads are read-only transactions; its first read-write one is the mark.
          if (!held && !args[1]?.readOnly) {
            held = true;
            await holdFirst();
          }
          return object.runTransaction(...args);
        };
      },
    });

    await expect(closeAccount(deps({ db: holdingBeforeTheMark }), user.uid)).rejects.toMatchObject({
      kind: 'conflict',
      message: ACCOUNT_MESSAGES.refundsPending,
    });
    expect(held).toBe(true);
    const { wallet } = await healthyLedger(user.uid);
    expect(wallet.closingSince).toBeUndefined();
    expect(wallet).toMatchObject({ balance: 600, refundHolds: { [holdId]: { paymentIntentId, amountCents: 400 } } });
    expect((await db.collection('accountClosures').doc(user.uid).get()).exists).toBe(false);
  });

  it('is refused with 409 while a top-up is disputed', async () => {
    const user = await signedUp('closure-dispute');
    const [disputed] = await toppedUp(user, 5, 10);
    await sandboxControl(`/sandbox/payment_intents/${disputed}/dispute`);
    await balanceReaches(user.uid, 1000);
    expect(await close(user.token)).toEqual({ status: 409, body: { message: ACCOUNT_MESSAGES.disputed } });
    expect((await healthyLedger(user.uid)).wallet.closingSince).toBeUndefined();
  });

  it('racing the refund webhooks and a late top-up: every cent moves once and it adds up', async () => {
    const user = await signedUp('closure-race');
    const [first] = await toppedUp(user, 10);
    let late: string | undefined;
    // The sandbox's charge.refunded reaches the webhook before the closure writes the refund itself, and a top-up
    // the closure did not list (the API makes none once the account is closing) is paid and credited while its first
    // refund is made.
    const racing = gatewayWith({
      async refundTopUp(input) {
        if (!late) {
          const idempotencyKey = `unlisted-${user.uid}`;
          late = (await payments.createTopUp({ userId: user.uid, amountCents: 500, idempotencyKey })).paymentIntentId;
          await stripe.paymentIntents.confirm(late, { payment_method: 'pm_card_visa' });
          await balanceReaches(user.uid, 1500);
        }
        return payments.refundTopUp(input);
      },
      async retrieveTopUpHistory(paymentIntentId) {
        const deadline = Date.now() + 15_000;
        while ((await ledgerLines(user.uid)).every((t) => !t.id.startsWith(`top-up-refund:${paymentIntentId}:`))) {
          if (Date.now() > deadline) throw new Error(`the webhook never refunded ${paymentIntentId}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return payments.retrieveTopUpHistory(paymentIntentId);
      },
    });
    const outcome = await closeAccount(deps({ payments: racing }), user.uid);

    expect(outcome.refundTotalCents).toBe(1500);
    expect(outcome.refunds).toEqual([
      { paymentIntentId: late, refundCents: 500 },
      { paymentIntentId: first, refundCents: 1000 },
    ]);
    expect([await stripeRefunds(first!), await stripeRefunds(late!)]).toEqual([[1000], [500]]);
    const lines = await ledgerLines(user.uid);
    expect(
      lines
        .filter((t) => t.type === 'top_up_refund')
        .map((t) => t.amount)
        .sort(),
    ).toEqual([1000, 500]);
    expectClosedBooks(user.uid, lines);
    await expectNothingPersonalLeft(user, []);
  });

  it('stopped midway (after the first refund, then before the sign-in is deleted) is finished by closing again', async () => {
    const user = await signedUp('closure-resume');
    const [older, newer] = await toppedUp(user, 10, 7.25);
    const predictions = await openPredictions(user, ['paid']);
    const crash = new Error('the function instance died');

    // 1. Stripe made the first refund; the instance died before the ledger had it.
    const dying = gatewayWith({ retrieveTopUpHistory: () => Promise.reject(crash) });
    await expect(closeAccount(deps({ payments: dying }), user.uid)).rejects.toBe(crash);
    expect(await stripeRefunds(newer!)).toEqual([725]);
    expect((await db.collection('accountClosures').doc(user.uid).get()).data()).toMatchObject({ state: 'closing' });
    expect((await db.collection('predictions').doc(predictions[0]!).get()).get('status')).toBe('cancelled');

    // 2. Again: the money is settled and the wallet deleted, then the instance dies before the sign-in is deleted.
    const failingAuth = { deleteUser: () => Promise.reject(crash) } as unknown as Auth;
    await expect(closeAccount(deps({ auth: failingAuth }), user.uid)).rejects.toBe(crash);
    expect((await db.collection('accountClosures').doc(user.uid).get()).data()).toMatchObject({ state: 'erasing' });
    expect((await db.collection('wallets').doc(user.uid).get()).exists).toBe(false);

    // 3. The owner closes again through the app: done, each top-up refunded once.
    await closedWith(
      user.token,
      [
        [newer!, 725],
        [older!, 1000],
      ],
      1,
    );
    expect([await stripeRefunds(newer!), await stripeRefunds(older!)]).toEqual([[725], [1000]]);
    expectClosedBooks(user.uid, await ledgerLines(user.uid));
    await expectNothingPersonalLeft(user, predictions);
  });
});

/** Every PaymentIntent Stripe has for the user: paid (and refunded by the closure) or canceled, none still payable. */
async function expectNoPayableIntent(userId: string) {
  const intents = (await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 })).filter(
    (intent) => intent.metadata.userId === userId,
  );
  expect(intents.length).toBeGreaterThan(0);
  for (const intent of intents)
    expect([intent.id, intent.status]).toEqual([intent.id, expect.stringMatching(/^(succeeded|canceled)$/)]);
}

/** A top-up PaymentIntent made through the API, as the dialog makes it, and not paid. */
async function openIntent(token: string, dollars: number): Promise<string> {
  const created = await apiCall<{ paymentIntentId: string }>('/api/payments/create-intent', {
    token,
    body: { amount: dollars },
  });
  expect(created.status).toBe(200);
  return created.body.paymentIntentId;
}

describe('closing an account closes its payments', () => {
  it('cancels its open top-up at Stripe: the card cannot pay it after the closure', async () => {
    const user = await signedUp('closure-open-intent');
    const [paid] = (await toppedUp(user, 10)) as [string];
    const open = await openIntent(user.token, 7);
    await closedWith(user.token, [[paid, 1000]], 0);

    expect(await stripe.paymentIntents.retrieve(open)).toMatchObject({ status: 'canceled', amount_received: 0 });
    await expect(stripe.paymentIntents.confirm(open, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(await stripe.refunds.list({ payment_intent: open })).toMatchObject({ data: [] });
    expectClosedBooks(user.uid, await ledgerLines(user.uid));
  });

  it('refuses a new top-up once the account is closing (409), even one asked for while the closure cancels the others: no intent of the account is left payable', async () => {
    const user = await signedUp('closure-no-new-intent');
    const [paid] = (await toppedUp(user, 10)) as [string];
    await openIntent(user.token, 6);
    const asked: { status: number; body: unknown }[] = [];
    const racing = gatewayWith({
      async cancelTopUp(paymentIntentId) {
        // The dialog asks for another top-up after the closure listed the account's intents.
        if (asked.length === 0) {
          asked.push(await apiCall('/api/payments/create-intent', { token: user.token, body: { amount: 7 } }));
        }
        return payments.cancelTopUp(paymentIntentId);
      },
    });
    expect((await closeAccount(deps({ payments: racing }), user.uid)).refunds).toEqual([
      { paymentIntentId: paid, refundCents: 1000 },
    ]);
    expect(asked).toEqual([{ status: 409, body: { message: ACCOUNT_MESSAGES.closing } }]);
    await expectNoPayableIntent(user.uid);
    expectClosedBooks(user.uid, await ledgerLines(user.uid));
  });

  it('refuses to answer an intent made while the closure marked the account: it is cancelled at Stripe, never answered', async () => {
    const user = await signedUp('closure-intent-meanwhile');
    // Stripe makes the intent while the closure marks the wallet closing and lists the account's intents.
    const markingMeanwhile = gatewayWith({
      async createTopUp(input) {
        const made = await payments.createTopUp(input);
        const closed = await closeAccount(deps(), user.uid);
        expect(closed.refunds).toEqual([]);
        return made;
      },
    });
    await expect(
      createTopUpIntent(
        { db, clock, payments: markingMeanwhile },
        { uid: user.uid, amountCents: 900, key: 'while-closing' },
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: ACCOUNT_MESSAGES.closed });
    await expectNoPayableIntent(user.uid);
  });

  it('a top-up paid just before its cancel reached Stripe: credited from Stripe and refunded with the rest', async () => {
    const user = await signedUp('closure-paid-first');
    const [paid] = (await toppedUp(user, 10)) as [string];
    const open = await openIntent(user.token, 7);
    const payingFirst = gatewayWith({
      async cancelTopUp(paymentIntentId) {
        await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
        return payments.cancelTopUp(paymentIntentId);
      },
    });
    const outcome = await closeAccount(deps({ payments: payingFirst }), user.uid);

    expect(outcome.refunds).toEqual([
      { paymentIntentId: open, refundCents: 700 },
      { paymentIntentId: paid, refundCents: 1000 },
    ]);
    expect([await stripeRefunds(open), await stripeRefunds(paid)]).toEqual([[700], [1000]]);
    expectClosedBooks(user.uid, await ledgerLines(user.uid));
  });

  it('a top-up the cancel could not reach, paid after the closure: refunded to its card by itself, once, with an audit entry, the books balanced', async () => {
    const from = new Date(Date.now() - 1000);
    const user = await signedUp('closure-paid-after');
    const [paid] = (await toppedUp(user, 10)) as [string];
    const open = await openIntent(user.token, 6);
    // An intent Stripe has that the closure never listed (the API refuses to make one once the account is closing:
    // this is the backstop behind that), made after the closure listed the account's intents.
    let late: string | undefined;
    const racing = gatewayWith({
      async cancelTopUp(paymentIntentId) {
        late ??= (
          await payments.createTopUp({ userId: user.uid, amountCents: 700, idempotencyKey: `late-${user.uid}` })
        ).paymentIntentId;
        return payments.cancelTopUp(paymentIntentId);
      },
    });
    expect((await closeAccount(deps({ payments: racing }), user.uid)).refunds).toEqual([
      { paymentIntentId: paid, refundCents: 1000 },
    ]);
    expect((await stripe.paymentIntents.retrieve(open)).status).toBe('canceled');

    // The card is charged $7 after the closure; the webhook gives it back, with no one asked to settle it.
    await stripe.paymentIntents.confirm(late!, { payment_method: 'pm_card_visa' });
    await until('the late payment refunded', async () => (await stripeRefunds(late!)).length > 0);
    const [refund] = (await stripe.refunds.list({ payment_intent: late! })).data;
    expect(refund).toMatchObject({ amount: 700, status: 'succeeded', metadata: { paidAfterClosure: user.uid } });
    const audit = db.collection('auditLog').doc(`paid_after_closure:${late}`);
    await until('the audit entry', async () => (await audit.get()).exists);
    expect((await audit.get()).data()).toMatchObject({
      action: 'paid_after_closure',
      actorUid: null,
      targetUserId: user.uid,
      amountCents: 700,
      details: { paymentIntentId: late, refundIds: refund!.id },
    });
    const lines = await ledgerLines(user.uid);
    expect(lines.filter((t) => t.id.includes(late!)).map((t) => [t.id, t.amount, t.walletId])).toEqual(
      expect.arrayContaining([
        [ledgerTxId.deposit(late!), 700, user.uid],
        [ledgerTxId.topUpRefund(late!, refund!.id), 700, user.uid],
      ]),
    );
    expect((await db.collection('wallets').doc(user.uid).get()).exists).toBe(false);

    // Every event of it again, three times at once and once more: acknowledged, nothing refunded twice, nothing written again.
    for (const type of ['payment_intent.succeeded', 'charge.refunded']) {
      for (const event of await sandboxEventsOf(type, late!)) {
        // A delivery at once may get no answer within the sandbox's 10 s on a loaded machine; never another status.
        for (const { status } of await Promise.all([1, 2, 3].map(() => resendEvent(event.id)))) {
          expect([200, undefined]).toContain(status);
        }
        expect((await resendEvent(event.id)).status).toBe(200);
      }
    }
    expect(await stripeRefunds(late!)).toEqual([700]);
    expect(await ledgerLines(user.uid)).toHaveLength(lines.length);
    const alerts = await db.collection('adminAlerts').where('walletId', '==', user.uid).get();
    expect(alerts.docs.map((doc) => doc.data())).toEqual([]);
    const webhookAlerts = await db.collection('adminAlerts').where('eventType', '==', 'payment_intent.succeeded').get();
    expect(webhookAlerts.docs.filter((doc) => String(doc.get('reason')).includes(late!))).toEqual([]);
    expectClosedBooks(user.uid, lines);
    await expectBooksBalanced(user.uid, lines, from);
  });
});
