import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { AppError, InvariantViolation } from '../../domain/errors';
import { checkInvariants, ledgerTxId, resetAllowanceIfDue, payForPrediction } from '../../domain/ledger';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { applyLedgerOperation, readLedger, WalletNotSetUp } from './ledgerRepository';
import { creditTopUp } from './wallets';

/** The repository straight against the Firestore emulator: many operations at once on one wallet. */
const { db } = adminSdk();
const now = new Date('2026-03-02T15:00:00.000Z');
const newUserId = (label: string) => `ledger-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function healthyLedger(userId: string) {
  const ledger = await readLedger(db, userId);
  if (!ledger) throw new Error(`no wallet for ${userId}`);
  expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
  return ledger;
}

describe('the ledger repository in Firestore', () => {
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
    const reserve = (predictionId: string) =>
      applyLedgerOperation(db, {
        userId,
        txId: ledgerTxId.reserve(predictionId),
        now,
        decide: (wallet) => payForPrediction(wallet, { predictionId, ticker: 'AAPL', now }),
      });
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
    await expect(reserve(predictionId)).resolves.toMatchObject({ applied: false, wallet });
  });

  it('writes what belongs to the same operation in the same transaction, and not on a replay', async () => {
    const userId = newUserId('also');
    const marker = db.collection('ledgerRepositoryTest').doc(userId);
    const operation = () =>
      applyLedgerOperation(db, {
        userId,
        txId: ledgerTxId.reserve(`${userId}-p`),
        now,
        decide: (wallet) => payForPrediction(wallet, { predictionId: `${userId}-p`, ticker: 'MSFT', now }),
        alsoWrite: (tx, decision) =>
          tx.set(marker, { isFree: decision.isFree, writes: FieldValue.increment(1) }, { merge: true }),
      });
    const outcomes = await Promise.all([operation(), operation(), operation()]);
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    expect((await marker.get()).data()).toEqual({ isFree: true, writes: 1 });
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
    const outcome = await applyLedgerOperation(db, {
      userId,
      txId: ledgerTxId.reserve(predictionId),
      now,
      replayReadFirst: false,
      renew: (wallet) => resetAllowanceIfDue(wallet, { today: '2026-03-02', now }),
      decide: (wallet) => payForPrediction(wallet, { predictionId, ticker: 'AAPL', now }),
    });
    // Renewed to the month's allowance, one of them used: the $1 stays in the balance.
    expect(outcome).toMatchObject({ applied: true, decision: { isFree: true } });
    const { wallet } = await healthyLedger(userId);
    expect(wallet).toMatchObject({ balance: 100, reservedBalance: 0, freePredictions: 4 });
    expect(wallet.resetDate > '2026-03-02').toBe(true);
  });

  it('refuses a renewal that moves money, and writes nothing', async () => {
    const userId = newUserId('renew-money');
    await creditTopUp(db, { paymentIntentId: `pi_${userId}`, userId, amountCents: 100, succeeded: true }, now);
    const before = await healthyLedger(userId);
    const operation = applyLedgerOperation(db, {
      userId,
      txId: ledgerTxId.reserve(`${userId}-p`),
      now,
      renew: (wallet) => ({ ...wallet, balance: wallet.balance + 500 }),
      decide: (wallet) => payForPrediction(wallet, { predictionId: `${userId}-p`, ticker: 'AAPL', now }),
    });
    await expect(operation).rejects.toBeInstanceOf(InvariantViolation);
    expect(await healthyLedger(userId)).toEqual(before);
  });

  it("with ifNoWallet 'refuse', neither creates a missing wallet nor reads an older one: it says so", async () => {
    const userId = newUserId('no-wallet');
    const operation = () =>
      applyLedgerOperation(db, {
        userId,
        txId: ledgerTxId.reserve(`${userId}-p`),
        now,
        ifNoWallet: 'refuse',
        decide: (wallet) => payForPrediction(wallet, { predictionId: `${userId}-p`, ticker: 'AAPL', now }),
      });
    await expect(operation()).rejects.toBeInstanceOf(WalletNotSetUp);
    expect((await db.collection('wallets').doc(userId).get()).exists).toBe(false);

    // A wallet from before `chargedBalance` is not this operation's to migrate either.
    await db.collection('wallets').doc(userId).set({ userId, balance: 0, reservedBalance: 0, freePredictions: 5 });
    await expect(operation()).rejects.toBeInstanceOf(WalletNotSetUp);
    await db.collection('wallets').doc(userId).delete();
  });
});
