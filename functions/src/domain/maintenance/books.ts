/**
 * The nightly audit of the books (docs/product.md#books-audited-every-night), pure: a wallet against its whole
 * history (`checkInvariants`), and the money Stripe lists against the ledger lines it implies, by their derived ids.
 * The maintenance step (services/maintenance/books.ts) reads, calls these and raises an Admin alert per finding.
 */
import type { Transaction, Wallet } from '@stockseer/contract';
import { checkInvariants, heldChange, ledgerTxId } from '../ledger';

/** What one wallet adds to the run's report, and what is wrong with it. */
export interface WalletBooks {
  walletId: string;
  /** Deposits and credits, less what Stripe took back: what the wallet's three buckets must sum to. */
  inCents: number;
  chargedCents: number;
  reservedCents: number;
  violations: string[];
  /** The lines a violation names, else the lines written since the previous audit: where to look first. */
  suspectTxIds: string[];
}

/** Lines named in an alert at most: enough to start from, small enough to read. */
const MAX_SUSPECTS = 20;

export function auditWallet(wallet: Wallet, lines: readonly Transaction[], since: string): WalletBooks {
  const violations = checkInvariants(wallet, lines);
  const ids = (of: readonly Transaction[]) => [...new Set(of.map((t) => t.id))];
  const named = ids(lines.filter((t) => violations.some((v) => v.includes(t.id))));
  const recent = ids(lines.filter((t) => t.createdAt >= since));
  return {
    walletId: wallet.userId,
    inCents: lines.reduce((sum, t) => sum + heldChange(t), 0),
    chargedCents: wallet.chargedBalance,
    reservedCents: wallet.reservedBalance,
    violations,
    suspectTxIds: (named.length > 0 ? named : recent).slice(0, MAX_SUSPECTS),
  };
}

/** A wallet's money as Stripe lists it for a period (adapters/stripe/gateway.ts), top-ups of our wallets only. */
export interface StripeMoney {
  payments: { paymentIntentId: string; userId: string; amountCents: number }[];
  refunds: { refundId: string; paymentIntentId: string; userId: string; amountCents: number }[];
  disputes: {
    disputeId: string;
    paymentIntentId: string;
    userId: string;
    amountCents: number;
    status: 'open' | 'won' | 'lost';
  }[];
}

/** One ledger line Stripe's money implies: its derived id, wallet and amount. */
export interface ExpectedLine {
  txId: string;
  walletId: string;
  amountCents: number;
  /** The Stripe object it comes from, for the alert. */
  stripeId: string;
}

export function expectedLines({ payments, refunds, disputes }: StripeMoney): ExpectedLine[] {
  return [
    ...payments.map((p) => ({
      txId: ledgerTxId.deposit(p.paymentIntentId),
      walletId: p.userId,
      amountCents: p.amountCents,
      stripeId: p.paymentIntentId,
    })),
    ...refunds.map((r) => ({
      txId: ledgerTxId.topUpRefund(r.paymentIntentId, r.refundId),
      walletId: r.userId,
      amountCents: r.amountCents,
      stripeId: r.refundId,
    })),
    ...disputes.flatMap((d) => {
      const line = { walletId: d.userId, amountCents: d.amountCents, stripeId: d.disputeId };
      const opened = { ...line, txId: ledgerTxId.dispute(d.paymentIntentId, d.disputeId) };
      if (d.status === 'open') return [opened];
      return [opened, { ...line, txId: ledgerTxId.disputeClosed(d.paymentIntentId, d.disputeId, d.status) }];
    }),
  ];
}

export interface Discrepancy {
  stripeId: string;
  walletId: string;
  txId: string;
  reason: string;
}

/** Each line Stripe's money implies, against the line stored under its id (undefined: none). */
export function reconcile(expected: readonly ExpectedLine[], stored: ReadonlyMap<string, Transaction>): Discrepancy[] {
  return expected.flatMap((e) => {
    const line = stored.get(e.txId);
    const found = (reason: string) => [{ stripeId: e.stripeId, walletId: e.walletId, txId: e.txId, reason }];
    if (!line) return found(`Stripe lists ${e.stripeId} (${e.amountCents} cents), but the ledger has no ${e.txId}`);
    if (line.walletId !== e.walletId) {
      return found(`${e.txId} is in wallet ${line.walletId}, but Stripe's ${e.stripeId} belongs to ${e.walletId}`);
    }
    if (line.amount !== e.amountCents) {
      return found(`${e.txId} is ${line.amount} cents, but Stripe's ${e.stripeId} is ${e.amountCents}`);
    }
    return [];
  });
}
