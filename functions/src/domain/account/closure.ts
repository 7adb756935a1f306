/**
 * Closing an account (docs/product.md#closing-an-account), pure: whether it may close now, and how its money goes
 * back to the cards it came from. The service (services/accountClosure/close.ts) reads, asks these and acts.
 */
import {
  ACCOUNT_MESSAGES,
  type ClosureRefund,
  type CustomerPayment,
  type Transaction,
  type Wallet,
} from '@stockseer/contract';
import { ID_PREFIX } from '../ledger/ids';
import { heldForRefunds } from '../ledger/invariants';

/**
 * Why the account cannot close now, or null. A debt must be repaid first (closing would hide it), and a dispute must
 * be decided first: while the bank holds the money, nobody knows what is left to refund. An admin's refund in progress
 * (a refund hold) must finish first: its money is out of Available, and the closure refunds Available.
 */
export function closureRefusal(wallet: Wallet, lines: readonly Transaction[]): string | null {
  if (wallet.balance < 0) return ACCOUNT_MESSAGES.walletOwes(-wallet.balance);
  if (openDisputes(lines).length > 0) return ACCOUNT_MESSAGES.disputed;
  if (heldForRefunds(wallet) > 0) return ACCOUNT_MESSAGES.refundsPending;
  return null;
}

/** Disputes opened and not yet decided, by `{paymentIntentId}:{disputeId}`. */
function openDisputes(lines: readonly Transaction[]): string[] {
  const keyOf = (line: Transaction, prefix: string) => line.id.slice(prefix.length);
  const decided = new Set([
    ...lines.filter((l) => l.type === 'dispute_won').map((l) => keyOf(l, ID_PREFIX.disputeWon)),
    ...lines.filter((l) => l.type === 'dispute_lost').map((l) => keyOf(l, ID_PREFIX.disputeLost)),
  ]);
  return lines
    .filter((l) => l.type === 'dispute')
    .map((l) => keyOf(l, ID_PREFIX.dispute))
    .filter((key) => !decided.has(key));
}

export interface RefundPlan {
  refunds: ClosureRefund[];
  /** What no top-up can take back (the courtesy credit still unspent): closing forfeits it. */
  forfeitCents: number;
}

/**
 * The balance back to the cards it came from: the newest top-up first, each at most what it has left to refund
 * (its amount less what Stripe took back), then the next older one.
 */
export function refundPlan(balanceCents: number, topUpsNewestFirst: readonly CustomerPayment[]): RefundPlan {
  let left = Math.max(0, balanceCents);
  const refunds: ClosureRefund[] = [];
  for (const topUp of topUpsNewestFirst) {
    const refundCents = Math.min(left, topUp.refundableCents);
    if (refundCents <= 0) continue;
    refunds.push({
      paymentIntentId: topUp.paymentIntentId,
      toppedUpAt: topUp.date,
      topUpCents: topUp.amountCents,
      refundCents,
    });
    left -= refundCents;
  }
  return { refunds, forfeitCents: left };
}

/**
 * The Stripe idempotency key of a closure's refund of one top-up: derived from the account, the top-up and what the
 * ledger shows refunded of it so far, so a closure resumed after a crash asks Stripe for the same refund again (and
 * gets the one made), while a later refund of the same top-up is a new one.
 */
export const closureRefundKey = (userId: string, paymentIntentId: string, refundedCents: number) =>
  `close-account:${userId}:${paymentIntentId}:${refundedCents}`;
