import type { Firestore } from 'firebase-admin/firestore';
import type { MaintenanceReport } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import type { MarketDataService } from '../../domain/market-data/service';
import type { ModelPool } from '../../adapters/model-pool/pool';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import type { PushSender } from '../../adapters/push/webPushSender';
import { log, uidHash } from '../../adapters/logging/log';

/** What every step of a run sees: the run's own dates, fixed when it started, so all its shards agree. */
export interface StepContext {
  db: Firestore;
  marketData: MarketDataService;
  /** The instance's model threads, for the forecasts a run prepares. */
  models: ModelPool;
  /** Stripe, for the nightly reconciliation of the books (books.ts). */
  payments: PaymentGateway;
  /** Web Push, for the run's summaries (push.ts). */
  push: PushSender;
  runId: string;
  /** The run's market date and the instant its settlements are stamped with. */
  clock: Clock;
  /** The task queue will not try this shard again: report failures instead of throwing. */
  finalAttempt: boolean;
}

/** One shard's work as the plan stored it, and how many items (wallets, say) it holds. */
export interface ShardPlan<I> {
  input: I;
  itemCount: number;
}

/**
 * A step of daily maintenance (settle, renew, clean up, ...). `plan` cuts the step's work into shards; `run` does
 * one shard, may run on any instance, in parallel with the others, and again after a crash: it must be idempotent.
 * It throws to be retried (unless `finalAttempt`), and returns the counts it adds to the run's report.
 */
export interface MaintenanceStep<I = unknown> {
  name: string;
  /**
   * Planned once every other step's shards have ended, not at the start: the step reports on what they did (the
   * run's push summaries read the notifications its settlements and renewals wrote).
   */
  afterOthers?: boolean;
  plan(ctx: Omit<StepContext, 'finalAttempt'>): Promise<ShardPlan<I>[]>;
  run(ctx: StepContext, input: I): Promise<Partial<MaintenanceReport>>;
}

/** Runs `work` over `items`, `parallel` at a time; collects the failures instead of stopping at the first. */
export async function forEachParallel<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<{ item: T; error: unknown }[]> {
  const failures: { item: T; error: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failures.push({ item, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return failures;
}

/**
 * `forEachParallel` within a time budget: an item not begun by `deadline` (epoch milliseconds) is left for a later
 * attempt, returned in `left`, so that a shard never runs into its function's time limit.
 */
export async function forEachParallelUntil<T>(
  items: readonly T[],
  parallel: number,
  deadline: number,
  work: (item: T) => Promise<void>,
  now: () => number = Date.now,
): Promise<{ failures: { item: T; error: unknown }[]; left: T[] }> {
  const left: T[] = [];
  const failures = await forEachParallel(items, parallel, async (item) => {
    if (now() >= deadline) left.push(item);
    else await work(item);
  });
  return { failures, left };
}

/** A failed item that is a wallet, named in logs by its owner's uid hash, never the uid. */
export const ofWallet = ({ item, error }: { item: unknown; error: unknown }) => ({
  item: uidHash(String(item)),
  error,
});

/**
 * A shard's failed items: logged, and on an attempt the queue will retry, thrown so that it does (the items done
 * are skipped next time: every step is idempotent). On the last attempt they are counted in the report instead.
 */
export function retryOrCountFailures(
  ctx: StepContext,
  what: string,
  failures: { item: unknown; error: unknown }[],
): number {
  for (const { item, error } of failures) log.error(`maintenance: ${what} failed`, error, { item: String(item) });
  if (failures.length > 0 && !ctx.finalAttempt) {
    throw new Error(`maintenance: ${failures.length} ${what} items failed; the shard will be retried`);
  }
  return failures.length;
}
