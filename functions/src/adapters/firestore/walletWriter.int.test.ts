import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { AppError, InvariantViolation } from '../../domain/errors';
import type { Wallet } from '@stockseer/contract';
import { checkInvariants, ledgerTxId, payForPrediction, renewalStep, type WalletStep } from '../../domain/ledger';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { readLedger } from './ledgerRepository';
import { commitToWallet, migrateWalletShapes, UnreadableWallet, walletOf } from './walletWriter';
import { creditTopUp } from './wallets';

/** The wallet writer straight against the Firestore emulator: many commits at once on one wallet. */
const { db } = adminSdk();
const now = new Date('2026-03-02T15:00:00.000Z');
const newUserId = (label: string) => `ledger-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function healthyLedger(userId: string) {
  const ledger = await readLedger(db, userId);
  if (!ledger) throw new Error(`no wallet for ${userId}`);
  expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
  return ledger;
}

describe('the wallet writer in Firestore', () => {
  it('credits 10 concurrent payments, each replayed twice more at the same time, exactly once each', async () => {
    const userId = newUserId('deposits');
    const payments = Array.from({ length: 10 }, (_, i) => ({
      paymentIntentId: `pi_${userId}_${i}`,
      userId,
      amountCents: 500 + i * 101,
      succeeded: true,
    }));
    const deliveries = [...payments, ...payments, ...payments].sort(() => Math.random() - 0.5);
    const results = await Promise.all(deliveries.map((payment) => creditTopUp(db, payment, now)));

    expect(results.filter((r) => r.credited)).toHaveLength(10);
    const expected = payments.reduce((sum, p) => sum + p.amountCents, 0);
    const { wallet, transactions } = await healthyLedger(userId);
    expect(wallet.balance).toBe(expected);
    expect(transactions.map((t) => t.id).sort()).toEqual(payments.map((p) => `deposit:${p.paymentIntentId}`).sort());
    expect(transactions.every((t) => t.type === 'deposit' && t.description.startsWith('Stripe payment: $'))).toBe(true);

    // Replays after the fact move nothing either, and report the wallet as it is.
    const late = await creditTopUp(db, payments[3]!, now);
    expect(late).toEqual({ wallet, credited: false });
    // The emulator settles write contention on one document by lock timeouts and retries: slow here, not wrong.
  }, 180_000);

  it('never overspends: concurrent reservations use the free predictions, then only as many dollars as there are', async () => {
    const userId = newUserId('reserve');
    await creditTopUp(db, { paymentIntentId: `pi_${userId}`, userId, amountCents: 300, succeeded: true }, now);
    const reserve = (predictionId: string) => commitToWallet(db, { userId, now, steps: [reserveStep(predictionId)] });
    const predictionIds = Array.from({ length: 12 }, (_, i) => `${userId}-p${i}`);
    const outcomes = await Promise.allSettled(predictionIds.map(reserve));

    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(4);
    for (const o of refused) {
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect((o as PromiseRejectedResult).reason).toMatchObject({ kind: 'insufficient_funds' });
    }
    const { wallet, transactions } = await healthyLedger(userId);
    expect(wallet).toMatchObject({ balance: 0, reservedBalance: 300, freePredictions: 0 });
    expect(transactions.filter((t) => t.type === 'free_prediction')).toHaveLength(5);

    // A retried reservation answers "done" even though the wallet could not pay for a new one now.
    const reserved = predictionIds.filter((_, i) => outcomes[i]!.status === 'fulfilled');
    expect(reserved).toHaveLength(8);
    const predictionId = reserved[reserved.length - 1]!;
    await expect(reserve(predictionId)).resolves.toMatchObject({ applied: [], wallet });
  });

  it('writes what belongs to the same operation in the same transaction, and not on a replay', async () => {
    const userId = newUserId('also');
    const marker = db.collection('ledgerRepositoryTest').doc(userId);
    const operation = () =>
      commitToWallet(db, {
        userId,
        now,
        steps: [reserveStep(`${userId}-p`, 'MSFT')],
        alsoWrite: (tx, applied) =>
          tx.set(marker, { lines: applied.length, writes: FieldValue.increment(1) }, { merge: true }),
      });
    const outcomes = await Promise.all([operation(), operation(), operation()]);
    expect(outcomes.filter((o) => o.applied.length > 0)).toHaveLength(1);
    expect((await marker.get()).data()).toEqual({ lines: 1, writes: 1 });
    const { wallet } = await healthyLedger(userId);
    expect(wallet.freePredictions).toBe(4);
    await marker.delete();
  });

  it("renews a due allowance in the operation's own transaction, and decides from the renewed wallet", async () => {
    const userId = newUserId('renew');
    await creditTopUp(db, { paymentIntentId: `pi_${userId}`, userId, amountCents: 100, succeeded: true }, now);
    const walletRef = db.collection('wallets').doc(userId);
    await walletRef.update({ freePredictions: 0, resetDate: '2026-03-01' });
    const predictionId = `${userId}-p`;
    const outcome = await commitToWallet(db, {
      userId,
      now,
      replayReadFirst: false,
      steps: [renewalStep({ today: '2026-03-02', now }), reserveStep(predictionId)],
    });
    // Renewed to the month's allowance, one of them used: the $1 stays in the balance.
    expect(outcome.applied.map((a) => a.decision.transactions.map((t) => t.type))).toEqual([[], ['free_prediction']]);
    const { wallet } = await healthyLedger(userId);
    expect(wallet).toMatchObject({ balance: 100, reservedBalance: 0, freePredictions: 4 });
    expect(wallet.resetDate > '2026-03-02').toBe(true);
  });

  it('refuses a step that moves money without a line, and writes nothing of the commit', async () => {
    const userId = newUserId('renew-money');
    await creditTopUp(db, { paymentIntentId: `pi_${userId}`, userId, amountCents: 100, succeeded: true }, now);
    const before = await healthyLedger(userId);
    const sneaky: WalletStep = {
      txId: null,
      decide: (wallet) => ({ wallet: { ...wallet, balance: 600 }, transactions: [] }),
    };
    const commit = commitToWallet(db, { userId, now, steps: [reserveStep(`${userId}-p`), sneaky] });
    await expect(commit).rejects.toBeInstanceOf(InvariantViolation);
    expect(await healthyLedger(userId)).toEqual(before);
  });

  it('opens a missing wallet on first use, and refuses to read one of an older shape until it is migrated', async () => {
    const userId = newUserId('no-wallet');
    const opened = await walletOf(db, userId, now);
    expect(opened).toMatchObject({ userId, balance: 0, reservedBalance: 0, chargedBalance: 0, freePredictions: 5 });
    expect(await walletOf(db, userId, now)).toEqual(opened);

    // A wallet of the original app, without `chargedBalance`: the writer will not guess, the migration mends it.
    const old = { ...opened, balance: 700 } as Partial<Wallet>;
    delete old.chargedBalance;
    await db.collection('wallets').doc(userId).set(old);
    await expect(commitToWallet(db, { userId, now, steps: [reserveStep(`${userId}-p`)] })).rejects.toBeInstanceOf(
      UnreadableWallet,
    );
    const later = new Date('2026-03-03T15:00:00.000Z');
    const first = await migrateWalletShapes(db, later);
    expect(first.migrated).toBeGreaterThanOrEqual(1);
    expect(await walletOf(db, userId, now)).toEqual({ ...opened, balance: 700, updatedAt: later.toISOString() });
    // Once done, a second run finds nothing of this wallet to mend.
    const again = await migrateWalletShapes(db, later);
    expect(again.read).toBeGreaterThanOrEqual(first.read);
    expect((await commitToWallet(db, { userId, now, steps: [reserveStep(`${userId}-p`)] })).applied).toHaveLength(1);
  });
});

function reserveStep(predictionId: string, ticker = 'AAPL'): WalletStep {
  return {
    txId: ledgerTxId.reserve(predictionId),
    decide: (wallet) => payForPrediction(wallet, { predictionId, ticker, now }),
  };
}
