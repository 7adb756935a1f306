import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import { ADMIN_ALERTS_MAX_PAGE, AdminAlertsPage } from '@stockseer/contract';
import { fixedClock } from '../../domain/clock';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { balanceReaches, db, paidTopUp, sandboxControl, stripe, stripeSettings } from '../../../test/payments.testkit';
import { upstreamUnavailable } from '../../domain/errors';
import { stripeGateway } from '../../adapters/stripe/gateway';
import { reconciledUpTo } from '../../adapters/firestore/booksReconciled';
import { stepContext } from '../../../test/steps.testkit';
import { RECONCILE_LAG_MS } from '../../domain/maintenance/books';
import { auditStep, reconcileStep } from './books';

/**
 * The nightly audit of the books through the emulators and the Stripe sandbox: real top-ups and refunds, then a
 * wallet changed behind the ledger's back and a ledger line removed behind it, and the alerts an admin sees. The
 * shards' work is run here, in-process, on exactly these wallets and this period: which wallets a run plans to audit
 * depends on the runs other test files make on the shared stack.
 */
const clock = fixedClock(new Date().toISOString().slice(0, 10));
const ctx = (runId: string) => stepContext(runId, clock);

/** The span of the ledger's stamps on these wallets' lines: the ledger's side of a period that holds them all. */
async function ledgerSpanOf(walletIds: string[]) {
  const stamps = (await db.collection('transactions').where('walletId', 'in', walletIds).get()).docs
    .map((doc) => doc.get('createdAt') as string)
    .sort();
  return { from: stamps[0]!, to: new Date(Date.parse(stamps.at(-1)!) + 1).toISOString() };
}

/** Stripe's side of a period from `from` to a second from now (Stripe stamps whole seconds). */
const stripeSince = (from: Date) => ({ from: from.toISOString(), to: new Date(Date.now() + 1000).toISOString() });

async function adminAlerts() {
  const account = await newTestUser('books-admin');
  await getAuth().setCustomUserClaims(account.uid, { admin: true });
  const token = (await emulatorSignIn(account)).idToken;
  const newest = `/api/admin/alerts?limit=${ADMIN_ALERTS_MAX_PAGE}`;
  return AdminAlertsPage.parse((await apiCall(newest, { token })).body).alerts;
}

/**
 * What a run found in these wallets: a period of the shared stack may also hold other test files' lines (a wallet
 * funded by a test kit has a deposit no Stripe payment is behind), which the reconciliation rightly reports too.
 */
async function alertsOn(runId: string, walletIds: string[]) {
  return (await adminAlerts()).filter((a) => a.eventId === runId && walletIds.includes(a.walletId ?? ''));
}

describe('the nightly audit of the books', () => {
  // First: the tests after it reconcile periods of their own, up to now, which the next plan starts from.
  it('reconciles up to an hour ago from where the last finished reconciliation got to, and does a failed period again', async () => {
    const planned = async () => (await reconcileStep.plan(ctx('plan')))[0]!.input;
    const storedEnd = async () => JSON.stringify(await reconciledUpTo(db));
    // Other test files' maintenance runs reconcile on the shared stack too and move the stored end; an attempt that
    // sees it moved by someone else proves nothing and is tried again.
    const attempt = async (): Promise<boolean> => {
      const before = await reconciledUpTo(db);
      const input = await planned();
      if ((await storedEnd()) !== JSON.stringify(before)) return false;
      expect(input.stripe.from).toBe(before?.stripeTo ?? new Date(0).toISOString());
      // A payment of the last hour, whose webhook may still be on its way, is left to the next run; unless the last
      // run got later than that (other test files reconcile periods of their own up to now), the period is empty.
      const end = Math.max(Date.now() - RECONCILE_LAG_MS, Date.parse(input.stripe.from));
      expect(end - Date.parse(input.stripe.to)).toBeGreaterThanOrEqual(0);
      expect(end - Date.parse(input.stripe.to)).toBeLessThan(60_000);
      expect(input.ledger.from).toBe(before?.ledgerTo ?? new Date(0).toISOString());

      // Stripe unreachable: the shard fails (the queue retries it), and its period stays to be done.
      const outage = {
        ...stripeGateway(stripeSettings),
        listMoney: () => Promise.reject(upstreamUnavailable('Stripe is unreachable')),
      };
      await expect(reconcileStep.run({ ...ctx('books-outage'), payments: outage }, input)).rejects.toThrow(
        /unreachable/,
      );
      if ((await storedEnd()) !== JSON.stringify(before)) return false;
      const again = await planned();
      expect(again.stripe.from).toBe(input.stripe.from);

      // Done: the next period starts where this one ended.
      await reconcileStep.run(ctx(`books-window-${Date.now()}`), again);
      expect(Date.parse((await reconciledUpTo(db))!.stripeTo)).toBeGreaterThanOrEqual(Date.parse(again.stripe.to));
      return true;
    };
    let attempts = 0;
    while (!(await attempt())) expect(++attempts, 'the stored end kept moving under the test').toBeLessThan(5);
  }, 120_000);

  it('balances real top-ups and refunds, then alerts on a wallet and a line changed behind the ledger', async () => {
    const from = new Date(Date.now() - 1000);
    const [honest, tampered, robbed] = await Promise.all([
      newTestUser('books-honest'),
      newTestUser('books-tampered'),
      newTestUser('books-robbed'),
    ]);
    for (const user of [honest, tampered, robbed]) {
      expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
    }
    const honestTopUp = await paidTopUp(honest.token, 20);
    await paidTopUp(tampered.token, 10);
    const robbedTopUp = await paidTopUp(robbed.token, 15);
    await Promise.all([
      balanceReaches(honest.uid, 2000),
      balanceReaches(tampered.uid, 1000),
      balanceReaches(robbed.uid, 1500),
    ]);
    await stripe.refunds.create({ payment_intent: honestTopUp, amount: 500 });
    await balanceReaches(honest.uid, 1500);
    const wallets = [honest.uid, tampered.uid, robbed.uid];

    // Before anything is changed: every wallet and every Stripe object of the period is in the books.
    const runId = `books-${Date.now()}`;
    const period = { stripe: stripeSince(from), ledger: await ledgerSpanOf(wallets), carried: [] };
    expect(await auditStep.run(ctx(runId), { walletIds: wallets, since: '' })).toEqual({
      booksWalletsCount: 3,
      booksInCents: 1500 + 1000 + 1500,
      booksChargedCents: 0,
      booksReservedCents: 0,
      booksDiscrepancies: 0,
    });
    await reconcileStep.run(ctx(runId), period);
    expect(await alertsOn(runId, wallets)).toEqual([]);

    // Behind the ledger's back: $5 more in one wallet, and the credit line of another top-up gone.
    const depositLine = db.collection('transactions').doc(`deposit:${robbedTopUp}`);
    const deposited = (await depositLine.get()).data()!;
    await db
      .collection('wallets')
      .doc(tampered.uid)
      .update({ balance: FieldValue.increment(500) });
    await depositLine.delete();

    // The night reads on from each wallet's checkpoint: it finds the wallet changed, not the line removed behind
    // its checkpoint, which the full audit finds (and the line's wallet no longer balancing with it).
    const later = `${runId}-later`;
    const nightly = await auditStep.run(ctx(`${later}-night`), { walletIds: wallets, since: '' });
    expect(nightly).toMatchObject({ booksWalletsCount: 3, booksInCents: 3000, booksDiscrepancies: 1 });
    const audited = await auditStep.run(ctx(later), { walletIds: wallets, since: '', full: true });
    expect(audited).toMatchObject({ booksWalletsCount: 3, booksInCents: 1500, booksDiscrepancies: 3 });
    await reconcileStep.run(ctx(later), period);
    // A retried shard records nothing new.
    await reconcileStep.run(ctx(later), period);

    const alerts = await alertsOn(later, wallets);
    expect(alerts.map((a) => [a.walletId, a.eventType]).sort()).toEqual(
      [
        [tampered.uid, 'books.discrepancy'],
        [robbed.uid, 'books.discrepancy'],
        [robbed.uid, 'books.discrepancy'],
        [robbed.uid, 'books.discrepancy'],
      ].sort(),
    );
    const behind = alerts.find((a) => a.reason.includes('behind its audited checkpoint'))!;
    expect(behind.walletId).toBe(robbed.uid);
    expect(behind.reason).toContain('where the audit found 1, and a different digest: 1 removed');
    const tamperedAlert = alerts.find((a) => a.walletId === tampered.uid)!;
    expect(tamperedAlert.reason).toContain('wallet holds 1500 cents but received 1000 and gave back 0');
    const missing = alerts.find((a) => a.transactionIds.includes(robbedTopUp))!;
    expect(missing.transactionIds).toEqual([`deposit:${robbedTopUp}`, robbedTopUp]);
    expect(missing.reason).toBe(
      `Stripe lists ${robbedTopUp} (1500 cents), but the ledger has no deposit:${robbedTopUp}`,
    );

    // Put the books of the shared stack right again, for the maintenance runs of other test files.
    await db
      .collection('wallets')
      .doc(tampered.uid)
      .update({ balance: FieldValue.increment(-500) });
    await depositLine.set(deposited);
    expect(await auditStep.run(ctx(`${runId}-mended`), { walletIds: wallets, since: '', full: true })).toMatchObject({
      booksDiscrepancies: 0,
    });
  }, 60_000);

  it('alerts on ledger lines of Stripe money with no Stripe object behind them, naming the wallet and the line', async () => {
    const from = new Date(Date.now() - 1000);
    const user = await newTestUser('books-unbacked');
    const paymentIntentId = await paidTopUp(user.token, 10);
    await balanceReaches(user.uid, 1000);
    const deposit = (await db.collection('transactions').doc(`deposit:${paymentIntentId}`).get()).data()!;
    // Behind the ledger's back: a deposit nobody paid, and a refund Stripe never made of the real top-up.
    const planted = [`deposit:pi_nobody_${Date.now()}`, `top-up-refund:${paymentIntentId}:re_nobody_${Date.now()}`];
    const [depositId, refundId] = planted as [string, string];
    await db
      .collection('transactions')
      .doc(depositId)
      .set({ ...deposit, id: depositId, amount: 700 });
    await db
      .collection('transactions')
      .doc(refundId)
      .set({ ...deposit, id: refundId, type: 'top_up_refund', amount: 300 });

    const runId = `books-unbacked-${Date.now()}`;
    const period = { stripe: stripeSince(from), ledger: await ledgerSpanOf([user.uid]), carried: [] };
    await reconcileStep.run(ctx(runId), period);
    const alerts = await alertsOn(runId, [user.uid]);
    expect(alerts.map((a) => [a.walletId, a.transactionIds]).sort()).toEqual(
      [
        [user.uid, [depositId, depositId.slice('deposit:'.length)]],
        [user.uid, [refundId, refundId.split(':').at(-1)]],
      ].sort(),
    );
    expect(alerts.find((a) => a.transactionIds[0] === refundId)!.reason).toBe(
      `The ledger has ${refundId} (300 cents) in wallet ${user.uid}, but Stripe has no final ${refundId.split(':').at(-1)} behind it`,
    );
    await Promise.all(planted.map((id) => db.collection('transactions').doc(id).delete()));
  }, 60_000);

  it('checks a refund Stripe had pending again on every run until it is final, then expects its line', async () => {
    const from = new Date(Date.now() - 1000);
    const user = await newTestUser('books-pending');
    const paymentIntentId = await paidTopUp(user.token, 10, 'pm_card_pendingRefund');
    await balanceReaches(user.uid, 1000);
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 400 });
    expect(refund.status).toBe('pending');
    const pending = { refundId: refund.id, paymentIntentId, userId: user.uid, amountCents: 400 };

    // Seen pending: no finding yet, and carried to the next run.
    const first = { stripe: stripeSince(from), ledger: await ledgerSpanOf([user.uid]), carried: [] };
    const firstRun = `books-pending-${Date.now()}`;
    await reconcileStep.run(ctx(firstRun), first);
    expect(await alertsOn(firstRun, [user.uid])).toEqual([]);
    expect((await reconciledUpTo(db))?.pendingRefunds).toContainEqual(pending);

    // The bank settles it; the webhook takes it out of the wallet. Then its line is removed behind the ledger.
    await sandboxControl(`/sandbox/refunds/${refund.id}/settle`, { outcome: 'succeeded' });
    await balanceReaches(user.uid, 600);
    const line = db.collection('transactions').doc(`top-up-refund:${paymentIntentId}:${refund.id}`);
    const stored = (await line.get()).data()!;
    await line.delete();

    // A later period, which Stripe's list of the refund's day is not part of, still checks it.
    const later = new Date();
    const carried = (await reconciledUpTo(db))!.pendingRefunds;
    const runId = `books-settled-${Date.now()}`;
    const second = {
      stripe: stripeSince(later),
      ledger: { from: later.toISOString(), to: later.toISOString() },
      carried,
    };
    await reconcileStep.run(ctx(runId), second);
    const alerts = await alertsOn(runId, [user.uid]);
    expect(alerts.map((a) => a.transactionIds)).toEqual([[line.id, refund.id]]);
    expect((await reconciledUpTo(db))?.pendingRefunds).not.toContainEqual(pending);
    await line.set(stored);
  }, 60_000);

  it('alerts on a ledger line it cannot read, naming it, and audits the other wallets all the same', async () => {
    const [damaged, healthy] = await Promise.all([newTestUser('books-damaged'), newTestUser('books-healthy')]);
    for (const user of [damaged, healthy]) {
      expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
    }
    await paidTopUp(healthy.token, 10);
    await balanceReaches(healthy.uid, 1000);
    const lineId = `deposit:pi_damaged_${Date.now()}`;
    const line = db.collection('transactions').doc(lineId);
    await line.set({ walletId: damaged.uid, type: 'deposit', amount: 'twelve dollars' });

    const runId = `books-damaged-${Date.now()}`;
    expect(await auditStep.run(ctx(runId), { walletIds: [damaged.uid, healthy.uid], since: '' })).toEqual({
      booksWalletsCount: 2,
      booksInCents: 1000,
      booksChargedCents: 0,
      booksReservedCents: 0,
      booksDiscrepancies: 1,
    });
    const alerts = (await adminAlerts()).filter((a) => a.eventId === runId);
    expect(alerts.map((a) => [a.walletId, a.transactionIds])).toEqual([[damaged.uid, [lineId]]]);
    expect(alerts[0]!.reason).toContain(`ledger lines the audit cannot read: ${lineId} (amount:`);
    await line.delete();
  }, 60_000);
});
