/**
 * The nightly audit of the books (docs/product.md#books-audited-every-night), two steps of daily maintenance:
 * `audit` checks the whole history of every wallet that moved since the last run that ended (sharded by wallets, as
 * settlement is), and `reconcile` checks the money Stripe lists for the same period against the ledger lines it
 * implies. Every finding is an Admin alert with the wallet and the line ids; nothing is mended here.
 */
import { auditWallet, expectedLines, reconcile } from '../../domain/maintenance/books';
import { chunk } from '../../domain/maintenance/runs';
import { recordBooksAlert } from '../../adapters/firestore/alerts';
import { readLedgers, readLines, walletsMovedSince } from '../../adapters/firestore/ledgerRepository';
import { lastEndedRun } from '../../adapters/firestore/maintenanceRuns';
import { log, uidHash } from '../../adapters/logging/log';
import type { MaintenanceStep } from './steps';

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
    for (const { wallet, transactions } of ledgers) {
      const books = auditWallet(wallet, transactions, since);
      report.booksWalletsCount += 1;
      // A broken wallet counts as found, not in the totals: its figures are what is in doubt.
      if (books.violations.length === 0) {
        report.booksInCents += books.inCents;
        report.booksChargedCents += books.chargedCents;
        report.booksReservedCents += books.reservedCents;
        continue;
      }
      booksDiscrepancies += 1;
      log.error('maintenance: the books of a wallet do not balance', books.violations.join('; '), {
        uidHash: uidHash(wallet.userId),
      });
      await recordBooksAlert(ctx.db, {
        runId: ctx.runId,
        subject: wallet.userId,
        walletId: wallet.userId,
        transactionIds: books.suspectTxIds,
        reason: `The books of wallet ${wallet.userId} do not balance: ${books.violations.join('; ')}`,
        now: ctx.clock.now(),
      });
    }
    return { ...report, booksDiscrepancies };
  },
};

/**
 * Stripe's money of the period (succeeded top-ups and refunds created since the last run that ended began, on the
 * wall clock Stripe stamps them with; disputes of the last 120 days) against the ledger lines each implies, by id.
 */
export const reconcileStep: MaintenanceStep<{ from: string; to: string }> = {
  name: 'reconcile',

  async plan({ db }) {
    const from = (await lastEndedRun(db))?.startedAt ?? new Date(0).toISOString();
    return [{ input: { from, to: new Date().toISOString() }, itemCount: 1 }];
  },

  async run(ctx, { from, to }) {
    const disputesFrom = new Date(Date.parse(to) - DISPUTE_LOOKBACK_DAYS * 86_400_000);
    const money = await ctx.payments.listMoney({ from: new Date(from), to: new Date(to), disputesFrom });
    const expected = expectedLines(money);
    const discrepancies = reconcile(
      expected,
      await readLines(
        ctx.db,
        expected.map((e) => e.txId),
      ),
    );
    for (const d of discrepancies) {
      log.error('maintenance: Stripe and the ledger disagree', d.reason, { uidHash: uidHash(d.walletId) });
      await recordBooksAlert(ctx.db, {
        runId: ctx.runId,
        subject: d.txId,
        walletId: d.walletId,
        transactionIds: [d.txId, d.stripeId],
        reason: d.reason,
        now: ctx.clock.now(),
      });
    }
    return { booksDiscrepancies: discrepancies.length };
  },
};
