import type { Firestore } from 'firebase-admin/firestore';
import { Wallet } from '@stockseer/contract';
import { deposit, ledgerTxId } from '../../domain/ledger';
import { assertInvariant } from '../../domain/errors';
import type { Caller } from '../../domain/caller';
import { COLLECTIONS } from './db';
import { applyLedgerOperation } from './ledgerRepository';
import { ensureUserAndWallet } from './users';

/** The caller's wallet; on first use (or a wallet still lacking chargedBalance) the same path as `POST /api/me`. */
export async function walletOf(db: Firestore, caller: Caller, now: Date): Promise<Wallet> {
  const snap = await db.collection(COLLECTIONS.wallets).doc(caller.uid).get();
  const parsed = Wallet.safeParse(snap.data());
  if (parsed.success) return parsed.data;
  return (await ensureUserAndWallet(db, caller, now)).wallet;
}

export interface SucceededTopUp {
  paymentIntentId: string;
  userId: string;
  /** As Stripe received it. */
  amountCents: number;
  succeeded: boolean;
}

/**
 * Credits a succeeded Stripe top-up exactly once per PaymentIntent (transaction `deposit:{paymentIntentId}`). The
 * webhook and `POST /api/wallet/add-stripe-funds` both call this, in any order and as often as they like.
 */
export async function creditTopUp(
  db: Firestore,
  payment: SucceededTopUp,
  now: Date,
): Promise<{ wallet: Wallet; credited: boolean }> {
  assertInvariant(
    payment.succeeded,
    `PaymentIntent ${payment.paymentIntentId} has not succeeded; it must not be credited`,
  );
  const { paymentIntentId, userId, amountCents } = payment;
  const outcome = await applyLedgerOperation(db, {
    userId,
    txId: ledgerTxId.deposit(paymentIntentId),
    now,
    decide: (wallet) => deposit(wallet, { paymentIntentId, amountCents, now }),
  });
  if (!outcome.applied) {
    // Stripe's amount of a PaymentIntent never changes after it succeeded; a different one means a bug upstream.
    assertInvariant(
      outcome.existing.amount === amountCents,
      `${paymentIntentId} was credited ${outcome.existing.amount} cents, now reported as ${amountCents}`,
    );
  }
  return { wallet: outcome.wallet, credited: outcome.applied };
}
