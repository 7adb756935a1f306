import type { Firestore } from 'firebase-admin/firestore';
import type { Wallet } from '@stockseer/contract';
import { deposit, ledgerTxId, type WalletStep } from '../../domain/ledger';
import { assertInvariant } from '../../domain/errors';
import { commitToWallet, type CommitOutcome } from './walletWriter';

export interface SucceededTopUp {
  paymentIntentId: string;
  userId: string;
  /** As Stripe received it. */
  amountCents: number;
  succeeded: boolean;
}

/** The step crediting a succeeded Stripe top-up, once per PaymentIntent (`deposit:{paymentIntentId}`). */
export function creditStep(payment: SucceededTopUp, now: Date): WalletStep & { txId: string } {
  assertInvariant(
    payment.succeeded,
    `PaymentIntent ${payment.paymentIntentId} has not succeeded; it must not be credited`,
  );
  const { paymentIntentId, amountCents } = payment;
  return {
    txId: ledgerTxId.deposit(paymentIntentId),
    decide: (wallet) => deposit(wallet, { paymentIntentId, amountCents, now }),
  };
}

/** Stripe's amount of a PaymentIntent never changes after it succeeded; a different one means a bug upstream. */
export function assertSameCredit(payment: SucceededTopUp, outcome: CommitOutcome<WalletStep>): void {
  const txId = ledgerTxId.deposit(payment.paymentIntentId);
  for (const { existing } of outcome.replayed.filter((r) => r.step.txId === txId)) {
    assertInvariant(
      existing.amount === payment.amountCents,
      `${payment.paymentIntentId} was credited ${existing.amount} cents, now reported as ${payment.amountCents}`,
    );
  }
}

/**
 * Credits a succeeded Stripe top-up exactly once per PaymentIntent. The webhook and
 * `POST /api/wallet/add-stripe-funds` both call this, in any order and as often as they like.
 */
export async function creditTopUp(
  db: Firestore,
  payment: SucceededTopUp,
  now: Date,
): Promise<{ wallet: Wallet; credited: boolean }> {
  const outcome = await commitToWallet(db, { userId: payment.userId, now, steps: [creditStep(payment, now)] });
  assertSameCredit(payment, outcome);
  return { wallet: outcome.wallet, credited: outcome.applied.length > 0 };
}
