/**
 * The nightly audit of the books (docs/product.md#books-audited-every-night), two steps of daily maintenance:
 * `audit` checks every wallet that moved since the last run that ended, from its audited checkpoint on (sharded by
 * wallets, as settlement is; `auditShard` in full re-derives every history and checks the checkpoints), and `reconcile` checks Stripe's money against the ledger and the ledger's lines of Stripe's money
 * against Stripe. Every finding is an Admin alert with the wallet and the line ids; nothing is mended here.
 */
import {
  auditWallet,
  checkpointFindings,
  isFullAuditDay,
  linesToRead,
  nextCheckpoint,
  nextWindow,
  reconcilePeriod,
  topUpsToLookUp,
  type BooksCheckpoint,
  type PendingRefund,
  type ReconcileWindow,
} from '../../domain/maintenance/books';
import { chunk } from '../../domain/maintenance/runs';
import { recordBooksAlert, type BooksAlert } from '../../adapters/firestore/alerts';
import {
  allWalletIds,
  readLedgers,
  readLines,
  stripeLinesBetween,
  walletsMovedSince,
} from '../../adapters/firestore/ledgerRepository';
import { reconciledUpTo, recordReconciled } from '../../adapters/firestore/booksReconciled';
import { readCheckpoints, writeCheckpoints } from '../../adapters/firestore/bookCheckpoints';
import { lastEndedRun } from '../../adapters/firestore/maintenanceRuns';
import { log, uidHash } from '../../adapters/logging/log';
import type { MaintenanceReport } from '@stockseer/contract';
import type { MaintenanceStep, StepContext } from './steps';

/** Wallets per audit shard: a few batched reads of their histories. */
const AUDIT_SHARD_WALLETS = 100;
/** How far back disputes are listed: a bank decides within about 75 days, and its decision must be in the ledger. */
const DISPUTE_LOOKBACK_DAYS = 120;

/**
 * What moved since the last run that ended began, on the market's clock (the ledger's stamps): the wallets this run's
 * audit checks, each from its checkpoint on. Once a week (`isFullAuditDay`) it audits every wallet in full instead,
 * in the same shards. Its settlements run beside the audit: a wallet is read again until it stands still between the
 * reads, and one that keeps moving is left to the next run, which finds it moved; settlement shards check by id what
 * they settled.
 */
export const auditStep: MaintenanceStep<{ walletIds: string[]; since: string; full?: boolean }> = {
  name: 'audit',

  async plan({ db, clock }) {
    const since = (await lastEndedRun(db))?.marketNow ?? '';
    const full = isFullAuditDay(clock.today());
    const walletIds = full ? await allWalletIds(db) : await walletsMovedSince(db, since);
    return chunk(walletIds, AUDIT_SHARD_WALLETS).map((ids) => ({
      input: { walletIds: ids, since, full },
      itemCount: ids.length,
    }));
  },

  async run(ctx, { walletIds, since, full = false }) {
    return auditShard(ctx, walletIds, { since, full });
  },
};

/**
 * These wallets (every wallet when none are named) in full, now (the Admin's action): shard by shard, in this
 * process. Its findings are alerts of a run of its own (`runId`).
 */
export async function auditBooksInFull(
  ctx: Pick<StepContext, 'db' | 'clock' | 'runId'>,
  walletIds?: readonly string[],
): Promise<Pick<MaintenanceReport, 'booksWalletsCount' | 'booksDiscrepancies'>> {
  const total = { booksWalletsCount: 0, booksDiscrepancies: 0 };
  for (const shard of chunk(walletIds ?? (await allWalletIds(ctx.db)), AUDIT_SHARD_WALLETS)) {
    const report = await auditShard(ctx, shard, { since: '', full: true });
    total.booksWalletsCount += report.booksWalletsCount ?? 0;
    total.booksDiscrepancies += report.booksDiscrepancies ?? 0;
  }
  return total;
}

/**
 * One shard of the books audit. Nightly, each wallet is read on from its checkpoint (the lines committed after it,
 * folded onto its figures), or in full when it has none. In `full`, every history is read and folded from nothing,
 * and the lines behind each checkpoint are checked against its count and digest. A wallet found sound gets its
 * checkpoint moved to the last line read; one with a finding keeps the last sound one, so it is found again.
 */
export async function auditShard(
  ctx: Pick<StepContext, 'db' | 'clock' | 'runId'>,
  walletIds: readonly string[],
  { since, full }: { since: string; full: boolean },
): Promise<Partial<MaintenanceReport>> {
  const report = { booksWalletsCount: 0, booksInCents: 0, booksChargedCents: 0, booksReservedCents: 0 };
  let booksDiscrepancies = 0;
  const stored = await readCheckpoints(ctx.db, walletIds);
  const after = new Map(
    full ? [] : [...stored].flatMap(([id, { checkpoint }]) => (checkpoint.position ? [[id, checkpoint.position]] : [])),
  );
  const { ledgers, deferred } = await readLedgers(ctx.db, walletIds, { after });
  if (deferred.length > 0)
    log.info('maintenance: wallets left to the next audit, still moving', { count: deferred.length });
  const found = async (walletId: string, transactionIds: string[], reason: string, subject = walletId) => {
    booksDiscrepancies += 1;
    const alert = { subject, walletId, transactionIds, reason };
    await raiseBooksAlert(ctx, 'maintenance: the books of a wallet do not balance', alert);
  };
  const sound: BooksCheckpoint[] = [];
  for (const { wallet, transactions, placed, unreadable } of ledgers) {
    report.booksWalletsCount += 1;
    const walletId = wallet.userId;
    // A damaged line leaves the history incomplete, so the wallet is not checked against it: the line is the finding.
    if (unreadable.length > 0) {
      const lines = unreadable.map((u) => `${u.txId} (${u.reason})`).join('; ');
      const reason = `Wallet ${walletId} has ledger lines the audit cannot read: ${lines}`;
      await found(
        walletId,
        unreadable.map((u) => u.txId),
        reason,
      );
      continue;
    }
    const checkpoint = stored.get(walletId);
    let behindIsSound = true;
    if (full && checkpoint) {
      const lines = transactions.map((line, i) => ({
        line,
        position: placed[i]!.position,
        writtenSinceCheckpoint: placed[i]!.updatedMs > checkpoint.writtenMs,
      }));
      const finding = checkpointFindings(walletId, checkpoint.checkpoint, lines);
      if (finding) {
        behindIsSound = false;
        await found(walletId, finding.txIds, finding.reason, `${walletId}:checkpoint`);
      }
    }
    const from = full ? undefined : checkpoint?.checkpoint;
    const books = auditWallet(wallet, transactions, { since, now: ctx.clock.now(), from: from?.fold });
    // A broken wallet counts as found, not in the totals: its figures are what is in doubt.
    if (books.violations.length === 0) {
      report.booksInCents += books.inCents;
      report.booksChargedCents += books.chargedCents;
      report.booksReservedCents += books.reservedCents;
      // Nothing new since a sound checkpoint: it stands as it is.
      if (behindIsSound && (full || !from || transactions.length > 0)) {
        sound.push(
          nextCheckpoint(
            from,
            books.fold,
            placed.map((p) => p.position),
          ),
        );
      }
      continue;
    }
    const reason = `The books of wallet ${walletId} do not balance: ${books.violations.join('; ')}`;
    await found(walletId, books.suspectTxIds, reason);
  }
  await writeCheckpoints(ctx.db, sound);
  return { ...report, booksDiscrepancies };
}

/**
 * Both ways, for the period since the last reconciliation that finished, ending an hour ago (`nextWindow`): the
 * money Stripe lists (succeeded top-ups and refunds created in the period, on the wall clock Stripe stamps them
 * with; disputes of the last 120 days) against the ledger lines it implies, by id; and the ledger's lines of
 * Stripe's money stamped in the period (on the ledger's clock) against the Stripe objects they name. Refunds still
 * pending are checked again by every run until they are final.
 */
export const reconcileStep: MaintenanceStep<ReconcileWindow & { carried: PendingRefund[] }> = {
  name: 'reconcile',

  async plan({ db, clock }) {
    const done = await reconciledUpTo(db);
    const window = nextWindow(done, { wallNow: new Date(), marketNow: clock.now() });
    return [{ input: { ...window, carried: done?.pendingRefunds ?? [] }, itemCount: 1 }];
  },

  async run(ctx, { carried, ...window }) {
    const { stripe } = window;
    const disputesFrom = new Date(Date.parse(stripe.to) - DISPUTE_LOOKBACK_DAYS * 86_400_000);
    const [listed, lines] = await Promise.all([
      ctx.payments.listMoney({ from: new Date(stripe.from), to: new Date(stripe.to), disputesFrom }),
      stripeLinesBetween(ctx.db, window.ledger),
    ]);
    const named = await ctx.payments.moneyOf(topUpsToLookUp(listed, lines, carried));
    const period = { listed, lines, named, carried };
    const { discrepancies, pending } = reconcilePeriod(period, await readLines(ctx.db, linesToRead(period)));
    for (const d of discrepancies) {
      const alert = { subject: d.txId, walletId: d.walletId, transactionIds: [d.txId, d.stripeId], reason: d.reason };
      await raiseBooksAlert(ctx, 'maintenance: Stripe and the ledger disagree', alert);
    }
    await recordReconciled(ctx.db, { window, carried, pending });
    return { booksDiscrepancies: discrepancies.length };
  },
};

/** A finding: logged by its wallet's uid hash, never the uid, and raised as the run's Admin alert about `subject`. */
async function raiseBooksAlert(
  ctx: Pick<StepContext, 'db' | 'clock' | 'runId'>,
  message: string,
  alert: Omit<BooksAlert, 'runId' | 'now'> & { walletId: string },
): Promise<void> {
  log.error(message, alert.reason, { uidHash: uidHash(alert.walletId) });
  await recordBooksAlert(ctx.db, { ...alert, runId: ctx.runId, now: ctx.clock.now() });
}
