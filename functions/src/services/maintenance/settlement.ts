import { Prediction, type DailyBar } from '@stockseer/contract';
import { lastSettledClose } from '../../domain/calendar';
import { checkInvariants } from '../../domain/ledger';
import { chunk, packOwners } from '../../domain/maintenance/runs';
import { resolvePrediction } from '../../domain/resolution';
import { readLedger } from '../../adapters/firestore/ledgerRepository';
import { predictionRef } from '../../adapters/firestore/predictions';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import {
  countResolvedBy,
  resolveFreePredictions,
  settleWalletPredictions,
  type Settlement,
} from '../../adapters/firestore/walletSettlement';
import { forEachParallel, settleFailures, type MaintenanceStep, type StepContext } from './steps';

/** A wallet owner's due predictions, as the plan found them. */
interface OwnerDue {
  ownerId: string;
  predictionIds: string[];
}

/** Due predictions per shard: a few seconds of work for one instance; a bigger wallet gets a shard of its own. */
export const SETTLE_SHARD_ITEMS = 250;
/** Wallets settled at once within a shard: different documents, so they never contend with each other. */
const PARALLEL_WALLETS = 4;
/** Due predictions read per page while planning. */
const PLAN_PAGE = 1000;

/**
 * Step 1: resolve the due future predictions and settle their money. The plan groups them by owner and packs owners
 * into shards; a shard settles each wallet's paid predictions in one transaction per chunk
 * (adapters/firestore/walletSettlement.ts) and its free ones by batched writes, then checks every paid wallet's
 * ledger invariants.
 */
export const settlementStep: MaintenanceStep<{ owners: OwnerDue[] }> = {
  name: 'settle',

  async plan({ db, clock }) {
    const settledDay = lastSettledClose(clock.today(), clock.now());
    // The cursor of the next page needs the ordered field: `targetDate` is read too.
    const due = buildQuery(db, QUERIES.duePredictions, ['future', 'active', settledDay])
      .select('userId', 'targetDate')
      .limit(PLAN_PAGE);
    const byOwner = new Map<string, string[]>();
    let page = await due.get();
    for (;;) {
      for (const doc of page.docs) {
        const owner = (doc.get('userId') as string | null) ?? '';
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), doc.id]);
      }
      if (page.size < PLAN_PAGE) break;
      page = await due.startAfter(page.docs.at(-1)!).get();
    }
    const owners = [...byOwner].map(([ownerId, predictionIds]) => ({ ownerId, predictionIds }));
    const shards = packOwners(
      owners.map((o) => ({ ownerId: o.ownerId, items: o.predictionIds.length })),
      SETTLE_SHARD_ITEMS,
    );
    return shards.map((ids) => {
      const members = ids.map((id) => ({ ownerId: id, predictionIds: byOwner.get(id)! }));
      return { input: { owners: members }, itemCount: members.reduce((n, o) => n + o.predictionIds.length, 0) };
    });
  },

  async run(ctx, { owners }) {
    const barsOf = memoisedBars(ctx);
    const failures = await forEachParallel(owners, PARALLEL_WALLETS, async ({ ownerId, predictionIds }) => {
      const due = (await readPredictions(ctx, predictionIds)).filter((p) => p.status === 'active');
      const settlements: (Settlement & { isFree: boolean })[] = [];
      for (const p of due) {
        const resolution = resolvePrediction(p, await barsOf(p));
        if (resolution.kind === 'resolved') {
          const { status, actualPrice } = resolution;
          settlements.push({ predictionId: p.id, ticker: p.symbol, status, actualPrice, isFree: p.isFree });
        }
      }
      const paid = settlements.filter((s) => !s.isFree);
      await resolveFreePredictions(ctx.db, { settlements: settlements.filter((s) => s.isFree), runId: ctx.runId });
      await settleWalletPredictions(ctx.db, {
        userId: ownerId,
        settlements: paid,
        now: ctx.clock.now(),
        runId: ctx.runId,
      });
    });
    const failedCount = settleFailures(
      ctx,
      'settling the wallet of',
      failures.map((f) => ({ ...f, item: f.item.ownerId })),
    );

    // Every wallet of the shard, including those an earlier attempt settled: a violation is reported loudly, never
    // fixed silently.
    let invariantViolations = 0;
    await forEachParallel(
      owners.map((o) => o.ownerId),
      PARALLEL_WALLETS,
      async (userId) => {
        const ledger = await readLedger(ctx.db, userId);
        const violations = ledger ? checkInvariants(ledger.wallet, ledger.transactions) : [];
        for (const v of violations) console.error(`maintenance: invariant violated on wallet ${userId}: ${v}`);
        invariantViolations += violations.length;
      },
    );
    const ids = owners.flatMap((o) => o.predictionIds);
    return { updatedCount: await countResolvedBy(ctx.db, ids, ctx.runId), failedCount, invariantViolations };
  },
};

async function readPredictions({ db }: StepContext, ids: readonly string[]): Promise<Prediction[]> {
  const found: Prediction[] = [];
  for (const part of chunk(ids, 300)) {
    const snaps = await db.getAll(...part.map((id) => predictionRef(db, id)));
    for (const snap of snaps) if (snap.exists) found.push(Prediction.parse(snap.data()));
  }
  return found;
}

/** Many due predictions share a stock and dates: each series is fetched once per shard. */
function memoisedBars({ marketData }: StepContext) {
  const cache = new Map<string, Promise<DailyBar[]>>();
  return (p: Prediction) => {
    const key = `${p.symbol}|${p.predictionDate}|${p.targetDate}`;
    let bars = cache.get(key);
    if (!bars) {
      const span = Math.max(10, daysBetween(p.predictionDate, p.targetDate) + 10);
      bars = marketData.barsUpTo(p.symbol, p.targetDate, span);
      cache.set(key, bars);
    }
    return bars;
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
