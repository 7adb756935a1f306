/**
 * The ledger's derived transaction ids (docs/product.md#ledger-lines): one id per money movement, so a retried
 * request, a replayed webhook or a re-run maintenance finds its own trace and moves nothing twice.
 */
export const ID_PREFIX = {
  deposit: 'deposit:',
  reserve: 'reserve:',
  settle: 'settle:',
  topUpRefund: 'top-up-refund:',
  dispute: 'dispute:',
  disputeWon: 'dispute-won:',
  disputeLost: 'dispute-lost:',
  credit: 'credit:',
  forfeit: 'forfeit:',
  refundHold: 'refund-hold:',
  refundHoldRelease: 'refund-hold-release:',
} as const;

/**
 * Derived, not random, so a retried request, a replayed webhook or a re-run maintenance finds its own trace. Money
 * taken back names its top-up too (`{paymentIntentId}:{refundId}`), so a history alone shows what it took back from.
 */
export const ledgerTxId = {
  deposit: (paymentIntentId: string) => ID_PREFIX.deposit + paymentIntentId,
  reserve: (predictionId: string) => ID_PREFIX.reserve + predictionId,
  settle: (predictionId: string) => ID_PREFIX.settle + predictionId,
  topUpRefund: (paymentIntentId: string, refundId: string) => `${ID_PREFIX.topUpRefund}${paymentIntentId}:${refundId}`,
  dispute: (paymentIntentId: string, disputeId: string) => `${ID_PREFIX.dispute}${paymentIntentId}:${disputeId}`,
  disputeWon: (paymentIntentId: string, disputeId: string) => `${ID_PREFIX.disputeWon}${paymentIntentId}:${disputeId}`,
  disputeLost: (paymentIntentId: string, disputeId: string) =>
    `${ID_PREFIX.disputeLost}${paymentIntentId}:${disputeId}`,
  /** A courtesy credit, keyed by its request (the target wallet and the admin's Idempotency-Key, hashed). */
  credit: (creditId: string) => ID_PREFIX.credit + creditId,
  /** The courtesy credit a closing account leaves unspent: one per account, so a resumed closure forfeits once. */
  forfeit: (userId: string) => ID_PREFIX.forfeit + userId,
  /** An admin's refund held out of Available, keyed by its request (the wallet and the Idempotency-Key, hashed). */
  refundHold: (holdId: string) => ID_PREFIX.refundHold + holdId,
  /** The end of that hold, once: settled by its refund, or released when Stripe refused it. */
  refundHoldRelease: (holdId: string) => ID_PREFIX.refundHoldRelease + holdId,
  /** The line that closes a decided dispute: the webhook writes it, the nightly reconciliation looks for it. */
  disputeClosed: (paymentIntentId: string, disputeId: string, outcome: 'won' | 'lost') =>
    outcome === 'won'
      ? ledgerTxId.disputeWon(paymentIntentId, disputeId)
      : ledgerTxId.disputeLost(paymentIntentId, disputeId),
};

/** The ledger lines of Stripe's money: each has a Stripe object behind it, named by its id. */
export const STRIPE_LINE_TYPES = ['deposit', 'top_up_refund', 'dispute', 'dispute_won', 'dispute_lost'] as const;

/**
 * The Stripe objects a line of Stripe's money names in its derived id: its top-up's PaymentIntent, and the refund
 * or dispute (the PaymentIntent itself for a deposit). Null for any other id.
 */
export function stripeObjectsOf(txId: string): { paymentIntentId: string; stripeId: string } | null {
  if (txId.startsWith(ID_PREFIX.deposit)) {
    const paymentIntentId = txId.slice(ID_PREFIX.deposit.length);
    return { paymentIntentId, stripeId: paymentIntentId };
  }
  const takenBack = [ID_PREFIX.topUpRefund, ID_PREFIX.dispute, ID_PREFIX.disputeWon, ID_PREFIX.disputeLost];
  const prefix = takenBack.find((p) => txId.startsWith(p));
  const [paymentIntentId, stripeId] = prefix === undefined ? [] : txId.slice(prefix.length).split(':');
  return paymentIntentId && stripeId ? { paymentIntentId, stripeId } : null;
}
