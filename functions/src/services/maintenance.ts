/**
 * Daily maintenance (DESIGN 3 and 4; issue 7): resolve due predictions and settle their money once, renew monthly
 * allowances, remove stale back-test records, and check the ledger invariants of every wallet it touched. One
 * function behind both the scheduler and `POST /api/admin/check-predictions`.
 *
 * Safe to re-run and to run twice at once: every step is its own transaction keyed by a deterministic id
 * (`settle:{predictionId}`) or guarded by a re-read of the state it changes. Work is read in bounded pages, and a
 * failure on one item is counted and logged without stopping the others.
 */
import type { Firestore, Query } from 'firebase-admin/firestore';
import { Prediction, Wallet, type MaintenanceReport } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import { lastSettledClose } from '../domain/calendar';
import { checkInvariants, ledgerTxId, settle } from '../domain/ledger';
import type { MarketDataService } from '../domain/market-data/service';
import { resolvePrediction } from '../domain/resolution';
import { renewAllowanceIfDue } from '../adapters/firestore/allowance';
import { applyLedgerOperation, readLedger } from '../adapters/firestore/ledgerRepository';
import { runTransaction } from '../adapters/firestore/outage';
import { predictionRef } from '../adapters/firestore/predictions';
import { buildQuery, QUERIES } from '../adapters/firestore/queries';
import { updateLiveTrackRecord } from './liveTrackRecord';

export interface MaintenanceDeps {
  db: Firestore;
  clock: Clock;
  marketData: MarketDataService;
}

/** Documents read per page: bounded memory and transaction sizes however much work has piled up. */
export const PAGE_SIZE = 200;
/** Items worked on at once within a page: enough to overlap Firestore round trips, few enough to stay polite. */
const PARALLEL_ITEMS = 8;

async function inChunks<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += PARALLEL_ITEMS)
    await Promise.all(items.slice(i, i + PARALLEL_ITEMS).map(work));
}

/**
 * Pages through a query ordered by its range field and then the document id (queries.ts), so that a page boundary
 * never skips or repeats a document.
 */
async function forEachPage(query: Query, visit: (docs: FirebaseFirestore.QueryDocumentSnapshot[]) => Promise<void>) {
  const ordered = query.limit(PAGE_SIZE);
  let page = await ordered.get();
  while (!page.empty) {
    await visit(page.docs);
    if (page.size < PAGE_SIZE) return;
    page = await ordered.startAfter(page.docs.at(-1)!).get();
  }
}

/** Settles one due prediction: the status change and the money move in one transaction, at most once. */
async function resolveOne(deps: MaintenanceDeps, prediction: Prediction): Promise<boolean> {
  const { db, clock } = deps;
  const span = Math.max(10, daysBetween(prediction.predictionDate, prediction.targetDate) + 10);
  const bars = await deps.marketData.barsUpTo(prediction.symbol, prediction.targetDate, span);
  const resolution = resolvePrediction(prediction, bars);
  if (resolution.kind === 'pending') return false;
  const update = { status: resolution.status, actualPrice: resolution.actualPrice };
  const ref = predictionRef(db, prediction.id);

  if (prediction.isFree) {
    // A free prediction moves no money: only its status changes, once.
    return runTransaction(db, async (tx) => {
      const current = Prediction.parse((await tx.get(ref)).data());
      if (current.status !== 'active') return false;
      tx.update(ref, update);
      return true;
    });
  }
  const outcome = await applyLedgerOperation(db, {
    userId: prediction.userId!,
    txId: ledgerTxId.settle(prediction.id),
    now: clock.now(),
    decide: (wallet) =>
      settle(wallet, {
        predictionId: prediction.id,
        ticker: prediction.symbol,
        outcome: resolution.status,
        isFree: false,
        now: clock.now(),
      }),
    alsoWrite: (tx) => tx.update(ref, update),
  });
  return outcome.applied;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export async function runDailyMaintenance(deps: MaintenanceDeps): Promise<MaintenanceReport> {
  const { db, clock } = deps;
  const report: MaintenanceReport = {
    updatedCount: 0,
    resetWalletsCount: 0,
    cleanupCount: 0,
    failedCount: 0,
    invariantViolations: 0,
  };
  const touchedWallets = new Set<string>();
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      report.failedCount += 1;
      console.error(`maintenance: ${what} failed`, error);
    }
  };

  // 1. Resolve active future predictions whose target date has a settled close.
  const settledDay = lastSettledClose(clock.today(), clock.now());
  const due = buildQuery(db, QUERIES.duePredictions, ['future', 'active', settledDay]);
  await forEachPage(due, (docs) =>
    inChunks(docs, (doc) =>
      attempt(`resolving ${doc.id}`, async () => {
        const prediction = Prediction.parse(doc.data());
        if (await resolveOne(deps, prediction)) {
          report.updatedCount += 1;
          if (prediction.userId) touchedWallets.add(prediction.userId);
        }
      }),
    ),
  );

  // 2. Renew monthly allowances that are due.
  const dueWallets = buildQuery(db, QUERIES.walletsDueForRenewal, [clock.today()]);
  await forEachPage(dueWallets, (docs) =>
    inChunks(docs, (doc) =>
      attempt(`renewing ${doc.id}`, async () => {
        const wallet = Wallet.parse(doc.data());
        if ((await renewAllowanceIfDue(db, wallet.userId, clock)).renewed) {
          report.resetWalletsCount += 1;
          touchedWallets.add(wallet.userId);
        }
      }),
    ),
  );

  // 3. Remove back-test records older than their one-day reuse window, and runs that point to them.
  const stale = buildQuery(db, QUERIES.staleBacktestRecords, ['historical', clock.today()]);
  await forEachPage(stale, async (docs) => {
    await attempt('cleaning up back-test records', async () => {
      const batch = db.batch();
      for (const doc of docs) batch.delete(doc.ref);
      await batch.commit();
      report.cleanupCount += docs.length;
    });
  });
  const staleRuns = await buildQuery(db, QUERIES.staleBacktestRuns, [clock.today()]).get();
  await Promise.all(staleRuns.docs.map((doc) => doc.ref.delete()));

  // 4. Check the ledger of every wallet touched: a violation is reported loudly, never fixed silently.
  for (const userId of touchedWallets) {
    await attempt(`checking wallet ${userId}`, async () => {
      const ledger = await readLedger(db, userId);
      const violations = ledger ? checkInvariants(ledger.wallet, ledger.transactions) : [];
      for (const v of violations) console.error(`maintenance: invariant violated on wallet ${userId}: ${v}`);
      report.invariantViolations += violations.length;
    });
  }

  // 5. Issue 12: the live track record, from every resolved user prediction (its own use case, one call).
  await attempt('updating the live track record', () => updateLiveTrackRecord(db, clock.now()));
  return report;
}
