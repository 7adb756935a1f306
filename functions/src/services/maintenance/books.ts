/**
 * The nightly audit of the books (docs/product.md#books-audited-every-night), two steps of daily maintenance:
 * `audit` checks the whole history of every wallet that moved since the last run that ended (sharded by wallets, as
 * settlement is), and `reconcile` checks Stripe's money against the ledger and the ledger's lines of Stripe's money
 * against Stripe. Every finding is an Admin alert with the wallet and the line ids; nothing is mended here.
 */
import {
  auditWallet,
  linesToRead,
  nextWindow,
  reconcilePeriod,
  topUpsToLookUp,
  type PendingRefund,
  type ReconcileWindow,
} from '../../domain/maintenance/books';
import { chunk } from '../../domain/maintenance/runs';
import { recordBooksAlert, type BooksAlert } from '../../adapters/firestore/alerts';
import {
  readLedgers,
  readLines,
  stripeLinesBetween,
  walletsMovedSince,
} from '../../adapters/firestore/ledgerRepository';
import { reconciledUpTo, recordReconciled } from '../../adapters/firestore/booksReconciled';
import { lastEndedRun } from '../../adapters/firestore/maintenanceRuns';
import { log, uidHash } from '../../adapters/logging/log';
import type { MaintenanceStep, StepContext } from './steps';

/** Wallets per audit shard: a few batched reads of their histories. */
const AUDIT_SHARD_WALLETS = 100;
/** How far back disputes are listed: a bank decides within about 75 days, and its decision must be in the ledger. */
const DISPUTE_LOOKBACK_DAYS = 120;

/**
 * What moved since the last run that ended began, on the market's clock (the ledger's stamps): the wallets this run's
 * audit checks. Its settlements run beside the audit: a wallet is read again until it stands still between the reads,
 * and one that keeps moving is left to the next run, which finds it moved; settlement shards check by id what they
 * settled.
 */
export const auditStep: MaintenanceStep<{ walletIds: string[]; since: string }> = {
  name: 'audit',

  async plan({ db }) {
    const since = (await lastEndedRun(db))?.marketNow ?? '';
    return chunk(await walletsMovedSince(db, since), AUDIT_SHARD_WALLETS).map((walletIds) => ({
      input: { walletIds, since },
      itemCount: walletIds.length,
    }));
  },

  async run(ctx, { walletIds, since }) {
    const report = { booksWalletsCount: 0, booksInCents: 0, booksChargedCents: 0, booksReservedCents: 0 };
    let booksDiscrepancies = 0;
    const { ledgers, deferred } = await readLedgers(ctx.db, walletIds);
    if (deferred.length > 0)
      log.info('maintenance: wallets left to the next audit, still moving', { count: deferred.length });
    const found = async (walletId: string, transactionIds: string[], reason: string) => {
      booksDiscrepancies += 1;
      const alert = { subject: walletId, walletId, transactionIds, reason };
      await raiseBooksAlert(ctx, 'maintenance: the books of a wallet do not balance', alert);
    };
    for (const { wallet, transactions, unreadable } of ledgers) {
      report.booksWalletsCount += 1;
      // A damaged line leaves the history incomplete, so the wallet is not checked against it: the line is the finding.
      if (unreadable.length > 0) {
        const lines = unreadable.map((u) => `${u.txId} (${u.reason})`).join('; ');
        await found(
          wallet.userId,
          unreadable.map((u) => u.txId),
          `Wallet ${wallet.userId} has ledger lines the audit cannot read: ${lines}`,
        );
        continue;
      }
      const books = auditWallet(wallet, transactions, { since, now: ctx.clock.now() });
      // A broken wallet counts as found, not in the totals: its figures are what is in doubt.
      if (books.violations.length === 0) {
        report.booksInCents += books.inCents;
        report.booksChargedCents += books.chargedCents;
        report.booksReservedCents += books.reservedCents;
        continue;
      }
      const reason = `The books of wallet ${wallet.userId} do not balance: ${books.violations.join('; ')}`;
      await found(wallet.userId, books.suspectTxIds, reason);
    }
    return { ...report, booksDiscrepancies };
  },
};

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
  ctx: StepContext,
  message: string,
  alert: Omit<BooksAlert, 'runId' | 'now'> & { walletId: string },
): Promise<void> {
  log.error(message, alert.reason, { uidHash: uidHash(alert.walletId) });
  await recordBooksAlert(ctx.db, { ...alert, runId: ctx.runId, now: ctx.clock.now() });
}
