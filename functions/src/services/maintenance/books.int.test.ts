import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import { AdminAlerts } from '@stockseer/contract';
import { fixedClock } from '../../domain/clock';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { balanceReaches, db, paidTopUp, payments, stripe } from '../../../test/payments.testkit';
import { createMarketDataService } from '../../adapters/market-data';
import { createModelPool } from '../../adapters/model-pool/pool';
import { auditStep, reconcileStep } from './books';
import type { StepContext } from './steps';

/**
 * The nightly audit of the books through the emulators and the Stripe sandbox: real top-ups and refunds, then a
 * wallet changed behind the ledger's back and a ledger line removed behind it, and the alerts an admin sees. The
 * shards' work is run here, in-process, on exactly these wallets and this period: which wallets a run plans to audit
 * depends on the runs other test files make on the shared stack.
 */
const clock = fixedClock(new Date().toISOString().slice(0, 10));
const ctx = (runId: string): StepContext => ({
  db,
  clock,
  marketData: createMarketDataService({ db, clock }),
  models: createModelPool({ threads: 1 }),
  payments,
  runId,
  finalAttempt: false,
});

async function adminAlerts() {
  const account = await newTestUser('books-admin');
  await getAuth().setCustomUserClaims(account.uid, { admin: true });
  const token = (await emulatorSignIn(account)).idToken;
  return AdminAlerts.parse((await apiCall('/api/admin/alerts', { token })).body);
}

describe('the nightly audit of the books', () => {
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
    const to = new Date(Date.now() + 1000);
    const period = { from: from.toISOString(), to: to.toISOString() };
    expect(await auditStep.run(ctx(runId), { walletIds: wallets, since: '' })).toEqual({
      booksWalletsCount: 3,
      booksInCents: 1500 + 1000 + 1500,
      booksChargedCents: 0,
      booksReservedCents: 0,
      booksDiscrepancies: 0,
    });
    expect(await reconcileStep.run(ctx(runId), period)).toEqual({ booksDiscrepancies: 0 });

    // Behind the ledger's back: $5 more in one wallet, and the credit line of another top-up gone.
    const depositLine = db.collection('transactions').doc(`deposit:${robbedTopUp}`);
    const deposited = (await depositLine.get()).data()!;
    await db
      .collection('wallets')
      .doc(tampered.uid)
      .update({ balance: FieldValue.increment(500) });
    await depositLine.delete();

    const later = `${runId}-later`;
    const audited = await auditStep.run(ctx(later), { walletIds: wallets, since: '' });
    expect(audited).toMatchObject({ booksWalletsCount: 3, booksInCents: 1500, booksDiscrepancies: 2 });
    expect(await reconcileStep.run(ctx(later), period)).toEqual({ booksDiscrepancies: 1 });
    // A retried shard records nothing new.
    await reconcileStep.run(ctx(later), period);

    const alerts = (await adminAlerts()).filter((a) => a.eventId === later);
    expect(alerts.map((a) => [a.walletId, a.eventType]).sort()).toEqual(
      [
        [tampered.uid, 'books.discrepancy'],
        [robbed.uid, 'books.discrepancy'],
        [robbed.uid, 'books.discrepancy'],
      ].sort(),
    );
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
    expect(await auditStep.run(ctx(`${runId}-mended`), { walletIds: wallets, since: '' })).toMatchObject({
      booksDiscrepancies: 0,
    });
  }, 60_000);
});
