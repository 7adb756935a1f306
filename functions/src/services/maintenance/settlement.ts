import { Prediction, type DailyBar } from '@stockseer/contract';
import { calendarDaysBetween, lastFinalClose } from '../../domain/calendar';
import { assertInvariant } from '../../domain/errors';
import { ledgerTxId } from '../../domain/ledger';
import { settlementViolations } from '../../domain/maintenance/audit';
import { chunk, packGroups } from '../../domain/maintenance/runs';
import { resolvePrediction } from '../../domain/predictions/resolution';
import { predictionRef } from '../../adapters/firestore/predictions';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import { resolveFreePredictions } from '../../adapters/firestore/freeSettlement';
import { readSettlementFacts } from '../../adapters/firestore/settlementFacts';
import { settleWalletPredictions, type Settlement } from '../../adapters/firestore/walletSettlement';
import { forEachParallel, retryOrCountFailures, type MaintenanceStep, type StepContext, ofWallet } from './steps';
import { log, uidHash } from '../../adapters/logging/log';

/** A wallet owner's due predictions, as the plan found them. */
interface OwnerDue {
  ownerId: string;
  predictionIds: string[];
}

/** Due predictions per shard: a few seconds of work for one instance; a bigger wallet gets a shard of its own. */
export const SETTLE_SHARD_ITEMS = 250;
/** Wallets settled at once within a shard: different documents, so they never contend with each other. */
const PARALLEL_WALLETS = 8;
/** Due predictions read per page while planning. */
const PLAN_PAGE = 1000;

/**
 * Step 1: resolve the due future predictions and settle their money. The plan groups them by owner and packs owners
 * into shards; a shard settles each wallet's paid predictions in one transaction per chunk
 * (adapters/firestore/walletSettlement.ts) and its free ones in transactions of their own (adapters/firestore/freeSettlement.ts),
 * each adding what it resolves to the live track record, then checks what every wallet of the
 * shard holds against its predictions (domain/maintenance/audit.ts).
 */
export const settlementStep: MaintenanceStep<{ owners: OwnerDue[] }> = {
  name: 'settle',

  async plan({ db, clock }) {
    const lastClose = lastFinalClose(clock.today(), clock.now());
    // The cursor of the next page needs the ordered field: `targetDate` is read too.
    const due = buildQuery(db, QUERIES.duePredictions, ['future', 'active', lastClose])
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
    const shards = packGroups(
      owners.map((o) => ({ id: o.ownerId, items: o.predictionIds.length })),
      SETTLE_SHARD_ITEMS,
    );
    return shards.map((ids) => {
      const members = ids.map((id) => ({ ownerId: id, predictionIds: byOwner.get(id)! }));
      return { input: { owners: members }, itemCount: members.reduce((n, o) => n + o.predictionIds.length, 0) };
    });
  },

  async run(ctx, { owners }) {
    // One read of the shard's predictions, one batch for its free ones: round trips are what a shard waits on.
    const ids = owners.flatMap((o) => o.predictionIds);
    const read = new Map((await readPredictions(ctx, ids)).map((p) => [p.id, p]));
    const barsOf = memoisedBars(ctx);
    const resolved = new Map<string, (Settlement & { isFree: boolean })[]>();
    const resolving = await forEachParallel(owners, PARALLEL_WALLETS, async ({ ownerId, predictionIds }) => {
      const settlements: (Settlement & { isFree: boolean })[] = [];
      for (const id of predictionIds) {
        const p = read.get(id);
        if (!p || p.status !== 'active') continue;
        assertInvariant(p.userId === ownerId, `${p.id} belongs to ${p.userId}, planned for ${ownerId}`);
        const resolution = resolvePrediction(p, await barsOf(p));
        if (resolution.kind === 'pending') continue;
        const { status, actualPrice } = resolution;
        const forecast = { modelId: p.modelId, timeFrame: p.timeFrame, hitProbability: p.hitProbability };
        settlements.push({ predictionId: p.id, ticker: p.symbol, status, actualPrice, isFree: p.isFree, forecast });
      }
      resolved.set(ownerId, settlements);
    });
    const free = [...resolved].flatMap(([userId, settlements]) =>
      settlements.filter((s) => s.isFree).map((s) => ({ ...s, userId })),
    );
    await resolveFreePredictions(ctx.db, { settlements: free, runId: ctx.runId, now: ctx.clock.now() });
    const settling = await forEachParallel([...resolved], PARALLEL_WALLETS, async ([userId, settlements]) => {
      const paid = settlements.filter((s) => !s.isFree);
      await settleWalletPredictions(ctx.db, { userId, settlements: paid, now: ctx.clock.now(), runId: ctx.runId });
    });
    const failures = [
      ...resolving.map((f) => ({ ...f, item: f.item.ownerId })),
      ...settling.map((f) => ({ ...f, item: f.item[0] })),
    ];
    const failedCount = retryOrCountFailures(ctx, 'settling a wallet', failures.map(ofWallet));

    // What the shard's wallets hold now, including what an earlier attempt settled: counted from the documents
    // (exact across retries) and checked by id; a violation is reported loudly, never fixed silently.
    const facts = await readSettlementFacts(
      ctx.db,
      owners.map((o) => o.ownerId),
      ids,
    );
    let invariantViolations = 0;
    for (const { ownerId, predictionIds } of owners) {
      const wallet = facts.wallets.get(ownerId);
      if (!wallet) continue;
      const items = predictionIds.flatMap((id) => {
        const prediction = facts.predictions.get(id);
        if (!prediction) return [];
        const reservation = facts.transactions.get(ledgerTxId.reserve(id));
        return [{ prediction, reservation, settlement: facts.transactions.get(ledgerTxId.settle(id)) }];
      });
      const violations = settlementViolations(wallet, items);
      for (const v of violations) log.error('maintenance: ledger invariant violated', v, { uidHash: uidHash(ownerId) });
      invariantViolations += violations.length;
    }
    const updatedCount = [...facts.predictions.values()].filter((p) => p.resolvedByRun === ctx.runId).length;
    return { updatedCount, failedCount, invariantViolations };
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
      const span = Math.max(10, calendarDaysBetween(p.predictionDate, p.targetDate) + 10);
      bars = marketData.barsUpTo(p.symbol, p.targetDate, span);
      cache.set(key, bars);
    }
    return bars;
  };
}
