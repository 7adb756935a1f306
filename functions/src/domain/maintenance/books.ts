/**
 * The nightly audit of the books (docs/product.md#books-audited-every-night), pure: a wallet against its history
 * (folded on from its audited checkpoint), the checkpoint against the lines behind it (the full audit), and the reconciliation both ways: the money Stripe lists against the ledger lines it
 * implies, by their derived ids, and the ledger's lines of Stripe's money against the Stripe objects they name. The
 * maintenance step (services/maintenance/books.ts) reads, calls these and raises an Admin alert per finding.
 */
import type { Transaction, Wallet } from '@stockseer/contract';
import {
  digestOf,
  emptyFold,
  foldLines,
  foldedViolations,
  inCentsOf,
  ledgerTxId,
  stripeObjectsOf,
  type LedgerFold,
} from '../ledger';

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
  /** The history folded up to the lines audited: the wallet's next checkpoint when there are no violations. */
  fold: LedgerFold;
}

/** Lines named in an alert at most: enough to start from, small enough to read. */
const MAX_SUSPECTS = 20;

/**
 * How long an admin's refund may hold its money before the audit names it. The request ends its hold in seconds; one
 * it left open is ended by the nightly refund-hold resolver within a day (a run) and an hour. Older, its refund has
 * been pending at the bank for over a day, or the resolver cannot end it: an operator looks.
 */
export const STALE_REFUND_HOLD_MS = 2 * 86_400_000;

/**
 * A wallet against its history, at `now` (the ledger's clock): `lines` folded onto `from` (the checkpoint of the
 * lines before them; none: `lines` are the whole history), the invariants, and any refund hold older than
 * STALE_REFUND_HOLD_MS.
 */
export function auditWallet(
  wallet: Wallet,
  lines: readonly Transaction[],
  { since, now, from }: { since: string; now: Date; from?: LedgerFold },
): WalletBooks {
  const folded = foldLines(from ?? emptyFold(wallet.userId), lines);
  const violations = foldedViolations(wallet, folded);
  for (const [holdId, hold] of Object.entries(wallet.refundHolds ?? {})) {
    if (Date.parse(hold.heldAt) > now.getTime() - STALE_REFUND_HOLD_MS) continue;
    violations.push(
      `${ledgerTxId.refundHold(holdId)} has held ${hold.amountCents} cents of ${hold.paymentIntentId} since ` +
        `${hold.heldAt}: its refund is still pending at Stripe, or the refund-hold resolver could not end it`,
    );
  }
  const ids = (of: readonly Transaction[]) => [...new Set(of.map((t) => t.id))];
  const named = ids(lines.filter((t) => violations.some((v) => v.includes(t.id))));
  const recent = ids(lines.filter((t) => t.createdAt >= since));
  return {
    walletId: wallet.userId,
    inCents: inCentsOf(folded.fold),
    chargedCents: wallet.chargedBalance,
    reservedCents: wallet.reservedBalance,
    violations,
    suspectTxIds: (named.length > 0 ? named : recent).slice(0, MAX_SUSPECTS),
    fold: folded.fold,
  };
}

/**
 * Where a line stands in the ledger's order: its commit stamp (`at`, a string that sorts as the instants do; '' for
 * a line stamped before commits were, which sorts first), then its id. Every line a later commit writes sorts after
 * every line written before it.
 */
export interface LinePosition {
  at: string;
  txId: string;
}

export const comparePositions = (a: LinePosition, b: LinePosition): number =>
  a.at === b.at ? (a.txId < b.txId ? -1 : a.txId > b.txId ? 1 : 0) : a.at < b.at ? -1 : 1;

/** A wallet's audited checkpoint: its history folded up to the last line audited, which is `position`. */
export interface BooksCheckpoint {
  fold: LedgerFold;
  position: LinePosition | null;
}

/** The checkpoint after `lines` (the audited lines after `from`, or the whole history) folded into `fold`. */
export function nextCheckpoint(
  from: BooksCheckpoint | undefined,
  fold: LedgerFold,
  lines: readonly LinePosition[],
): BooksCheckpoint {
  const positions = [...(from?.position ? [from.position] : []), ...lines].sort(comparePositions);
  return { fold, position: positions.at(-1) ?? null };
}

/** A line as the full audit reads it: its contents, its place, and whether it was written after the checkpoint was. */
export interface PlacedLine {
  line: Transaction;
  position: LinePosition;
  /** Its document was created or changed after the checkpoint was written. */
  writtenSinceCheckpoint: boolean;
}

/**
 * What the full audit finds of a checkpoint: the lines behind its position must be the lines it audited, their count
 * and digest. The lines written behind it since are named (changed or added); a line removed leaves none to name,
 * so the finding names the checkpoint's last line and the count.
 */
export function checkpointFindings(
  walletId: string,
  checkpoint: BooksCheckpoint,
  lines: readonly PlacedLine[],
): { reason: string; txIds: string[] } | undefined {
  const { position, fold } = checkpoint;
  const behind = position ? lines.filter((l) => comparePositions(l.position, position) <= 0) : [];
  const digest = digestOf(behind.map((l) => l.line));
  if (behind.length === fold.lineCount && digest === fold.digest) return undefined;
  const rewritten = behind.filter((l) => l.writtenSinceCheckpoint).map((l) => l.line.id);
  const at = position ? ` up to ${position.txId}` : '';
  const counts = `${behind.length} lines behind its audited checkpoint${at}, where the audit found ${fold.lineCount}`;
  const which =
    rewritten.length > 0
      ? `changed or added behind it: ${rewritten.join(', ')}`
      : behind.length < fold.lineCount
        ? `${fold.lineCount - behind.length} removed`
        : 'a line changed without a new write stamp';
  const txIds = rewritten.length > 0 ? rewritten : position ? [position.txId] : [];
  return { reason: `Wallet ${walletId} has ${counts}, and a different digest: ${which}`, txIds };
}

/**
 * The run that audits every wallet in full, once a week: Friday's (a market date, yyyy-mm-dd), the last run of the
 * week, whose night leaves the weekend to spare.
 */
export function isFullAuditDay(today: string): boolean {
  return new Date(`${today}T12:00:00.000Z`).getUTCDay() === 5;
}

/** A refund's state at Stripe: final once succeeded or failed (or canceled); pending until then. */
export type StripeRefundStatus = 'succeeded' | 'pending' | 'failed';

/** A wallet's money as Stripe lists it (adapters/stripe/gateway.ts), top-ups of our wallets only. */
export interface StripeMoney {
  payments: { paymentIntentId: string; userId: string; amountCents: number }[];
  refunds: (PendingRefund & { status: StripeRefundStatus })[];
  disputes: {
    disputeId: string;
    paymentIntentId: string;
    userId: string;
    amountCents: number;
    status: 'open' | 'won' | 'lost';
  }[];
}

/** A refund not final yet: every run checks it again until Stripe says it succeeded or failed. */
export interface PendingRefund {
  refundId: string;
  paymentIntentId: string;
  userId: string;
  amountCents: number;
}

/** One ledger line Stripe's money implies: its derived id, wallet and amount. */
export interface ExpectedLine {
  txId: string;
  walletId: string;
  amountCents: number;
  /** The Stripe object it comes from, for the alert. */
  stripeId: string;
}

/** The lines Stripe's final money implies: a pending refund implies none yet, a failed one none at all. */
export function expectedLines({ payments, refunds, disputes }: StripeMoney): ExpectedLine[] {
  return [
    ...payments.map((p) => ({
      txId: ledgerTxId.deposit(p.paymentIntentId),
      walletId: p.userId,
      amountCents: p.amountCents,
      stripeId: p.paymentIntentId,
    })),
    ...refunds
      .filter((r) => r.status === 'succeeded')
      .map((r) => ({
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
    if (line) return mismatch(e, line);
    const reason = `Stripe lists ${e.stripeId} (${e.amountCents} cents), but the ledger has no ${e.txId}`;
    return [{ stripeId: e.stripeId, walletId: e.walletId, txId: e.txId, reason }];
  });
}

/** A stored line against the line Stripe implies under its id: in another wallet, or for another amount. */
function mismatch(e: ExpectedLine, line: Transaction): Discrepancy[] {
  const found = (reason: string) => [{ stripeId: e.stripeId, walletId: e.walletId, txId: e.txId, reason }];
  if (line.walletId !== e.walletId) {
    return found(`${e.txId} is in wallet ${line.walletId}, but Stripe's ${e.stripeId} belongs to ${e.walletId}`);
  }
  if (line.amount !== e.amountCents) {
    return found(`${e.txId} is ${line.amount} cents, but Stripe's ${e.stripeId} is ${e.amountCents}`);
  }
  return [];
}

/** What one reconciliation covers, both ways, as read. */
export interface ReconciledPeriod {
  /** Stripe's money of the period (listMoney). */
  listed: StripeMoney;
  /** The ledger's lines of Stripe's money stamped in the period. */
  lines: readonly Transaction[];
  /** Stripe's money now of the top-ups named by `lines` outside `listed` and by `carried` (moneyOf). */
  named: StripeMoney;
  /** Refunds an earlier run found pending. */
  carried: readonly PendingRefund[];
}

/** The lines to read by id: those Stripe's money implies, and those of refunds an earlier run found pending. */
export function linesToRead({ listed, named, carried }: ReconciledPeriod): string[] {
  const implied = [...expectedLines(listed), ...expectedLines(named)].map((e) => e.txId);
  return [...implied, ...carried.map((r) => ledgerTxId.topUpRefund(r.paymentIntentId, r.refundId))];
}

/**
 * The period's findings, both ways, and the refunds still pending: Stripe's money of the period and the carried
 * refunds now succeeded must each have their line (`reconcile`); each ledger line of the period must have its
 * Stripe object, final, for its wallet and amount; a carried refund that failed must have none. A refund still
 * pending is no finding yet: it is returned to be checked again by the next run.
 */
export function reconcilePeriod(
  period: ReconciledPeriod,
  stored: ReadonlyMap<string, Transaction>,
): { discrepancies: Discrepancy[]; pending: PendingRefund[] } {
  const { listed, lines, named, carried } = period;
  const refundNow = new Map([...listed.refunds, ...named.refunds].map((r) => [r.refundId, r]));
  const carriedNow = carried.map((r) => refundNow.get(r.refundId) ?? { ...r, status: 'failed' as const });
  const listedLines = expectedLines(listed);
  const expected = [...listedLines, ...expectedLines({ payments: [], refunds: carriedNow, disputes: [] })];
  const discrepancies = reconcile(dedupe(expected), stored);
  const checked = new Set(discrepancies.map((d) => d.txId));

  const backing = new Map([...listedLines, ...expectedLines(named)].map((e) => [e.txId, e]));
  const pendingNow = [...refundNow.values()].filter((r) => r.status === 'pending');
  const pendingIds = new Set(pendingNow.map((r) => ledgerTxId.topUpRefund(r.paymentIntentId, r.refundId)));
  const failedCarried = carriedNow.filter((r) => r.status === 'failed');
  const failedLines = failedCarried.flatMap(
    (r) => stored.get(ledgerTxId.topUpRefund(r.paymentIntentId, r.refundId)) ?? [],
  );
  for (const line of [...lines, ...failedLines]) {
    if (checked.has(line.id) || pendingIds.has(line.id)) continue;
    checked.add(line.id);
    const e = backing.get(line.id);
    if (e) {
      discrepancies.push(...mismatch(e, line));
      continue;
    }
    const stripeId = stripeObjectsOf(line.id)?.stripeId ?? line.id;
    const reason = `The ledger has ${line.id} (${line.amount} cents) in wallet ${line.walletId}, but Stripe has no final ${stripeId} behind it`;
    discrepancies.push({ stripeId, walletId: line.walletId, txId: line.id, reason });
  }
  const pending = pendingNow.map(({ refundId, paymentIntentId, userId, amountCents }) => ({
    refundId,
    paymentIntentId,
    userId,
    amountCents,
  }));
  return { discrepancies, pending };
}

const dedupe = (expected: ExpectedLine[]) => [...new Map(expected.map((e) => [e.txId, e])).values()];

/**
 * The top-ups to ask Stripe about beyond the period's list: those of ledger lines Stripe's money of the period does
 * not imply (a top-up made before the period, or a line with nothing behind it), and those of refunds carried.
 */
export function topUpsToLookUp(
  listed: StripeMoney,
  lines: readonly Transaction[],
  carried: readonly PendingRefund[],
): string[] {
  const implied = new Set(expectedLines(listed).map((e) => e.txId));
  // A listed refund not succeeded has its status already: pending is carried, failed must have no line.
  const refunds = new Set(listed.refunds.map((r) => ledgerTxId.topUpRefund(r.paymentIntentId, r.refundId)));
  const unlisted = lines.filter((t) => !implied.has(t.id) && !refunds.has(t.id));
  const named = unlisted.flatMap((t) => stripeObjectsOf(t.id)?.paymentIntentId ?? []);
  return [...new Set([...named, ...carried.map((r) => r.paymentIntentId)])];
}

/**
 * How long after the fact the books are reconciled: Stripe's objects and the ledger's lines of the last hour are
 * left to the next run, so that a webhook still on its way (Stripe retries a failed delivery) or a commit still in
 * flight is not reported as missing.
 */
export const RECONCILE_LAG_MS = 60 * 60_000;

/** Where the reconciliation has got to: the next run starts there, and checks the pending refunds again. */
export interface ReconciledUpTo {
  /** Stripe's objects created before this instant (Stripe's clock, the wall's) are reconciled. */
  stripeTo: string;
  /** Ledger lines stamped before this instant (the ledger's clock, the market's) are reconciled. */
  ledgerTo: string;
  pendingRefunds: PendingRefund[];
}

export interface ReconcileWindow {
  stripe: { from: string; to: string };
  ledger: { from: string; to: string };
}

/**
 * The next period to reconcile: from where the last reconciliation that finished got to (so the period of one that
 * failed is done again) to an hour before now, on each side's own clock. Never backwards: a time machine set back
 * gives an empty period.
 */
export function nextWindow(
  done: ReconciledUpTo | undefined,
  { wallNow, marketNow }: { wallNow: Date; marketNow: Date },
): ReconcileWindow {
  const lagged = (now: Date) => new Date(now.getTime() - RECONCILE_LAG_MS).toISOString();
  const side = (from: string, now: Date) => ({ from, to: [from, lagged(now)].sort().at(-1)! });
  return {
    stripe: side(done?.stripeTo ?? new Date(0).toISOString(), wallNow),
    ledger: side(done?.ledgerTo ?? new Date(0).toISOString(), marketNow),
  };
}

/**
 * Where the reconciliation stands after one finished its window: the ends move forward only (runs may overlap), the
 * refunds it carried leave the pending list and those it found pending join it.
 */
export function afterReconcile(
  done: ReconciledUpTo | undefined,
  {
    window,
    carried,
    pending,
  }: { window: ReconcileWindow; carried: readonly PendingRefund[]; pending: PendingRefund[] },
): ReconciledUpTo {
  const later = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
  const rechecked = new Set(carried.map((r) => r.refundId));
  const kept = (done?.pendingRefunds ?? []).filter((r) => !rechecked.has(r.refundId));
  return {
    stripeTo: later(done?.stripeTo, window.stripe.to),
    ledgerTo: later(done?.ledgerTo, window.ledger.to),
    pendingRefunds: [...new Map([...kept, ...pending].map((r) => [r.refundId, r])).values()],
  };
}
