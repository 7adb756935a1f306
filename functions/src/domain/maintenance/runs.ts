/**
 * Daily maintenance as a job (issue 13), the pure part: who may start a run (a lease that expires if its owner
 * dies), how work is cut into shards, and how shard reports add up to a run's. Nothing here reads or writes.
 */
import type { MaintenanceReport, MaintenanceRunState, StepProgress } from '@stockseer/contract';

/**
 * How long a run holds the lease without a sign of life. Every shard that finishes renews it; a run whose planner
 * or queue died lets the next trigger start afresh after this long.
 */
export const LEASE_MS = 10 * 60_000;

export interface Lease {
  runId: string;
  /** Epoch milliseconds (wall clock, never the time machine's); 0 once the run has ended and released it. */
  expiresAt: number;
  /** When the run started (epoch milliseconds, wall clock). */
  startedAt: number;
}

/**
 * The run a trigger that arrived at `arrivedMs` joins, if any: the run in progress, or one that started after the
 * trigger arrived even if it has ended since. Such a run planned after the trigger came, so it did all the work the
 * trigger would have found: two triggers at once share one run however long the second one's transaction waited
 * (a retried transaction can take seconds, longer than a small run). An expired or released lease of an older run
 * lets a new run start.
 */
export function runToJoin(lease: Lease | undefined, arrivedMs: number): string | null {
  if (!lease) return null;
  return lease.expiresAt > arrivedMs || lease.startedAt >= arrivedMs ? lease.runId : null;
}

/** Two reports' counts added, field by field (every field of a report is a count). */
export function addReports(a: MaintenanceReport, b: Partial<MaintenanceReport>): MaintenanceReport {
  const sum = { ...a };
  for (const key of Object.keys(a) as (keyof MaintenanceReport)[]) sum[key] = a[key] + (b[key] ?? 0);
  return sum;
}

/** A group of work that must stay in one shard (a wallet owner's due predictions, a stock's forecasts), and its size. */
export interface GroupWork {
  id: string;
  items: number;
}

/**
 * Packs groups into shards of about `maxItems` items, in the given order. A group is never split: all of a wallet's
 * work is in one shard, so the wallet never contends with itself (and a stock's prices are read once), and one group
 * with more than `maxItems` gets a shard of its own (a wallet's then settles in chunks).
 */
export function packGroups(groups: readonly GroupWork[], maxItems: number): string[][] {
  const shards: string[][] = [];
  let current: string[] = [];
  let load = 0;
  for (const { id, items } of groups) {
    if (current.length > 0 && load + items > maxItems) {
      shards.push(current);
      current = [];
      load = 0;
    }
    current.push(id);
    load += items;
  }
  if (current.length > 0) shards.push(current);
  return shards;
}

/** Splits a list into consecutive pieces of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size));
  return pieces;
}

/** A run's state once its shards are counted: done when all finished well, failed when any gave up. */
export function runStateAfter(steps: Record<string, StepProgress>): MaintenanceRunState {
  const all = Object.values(steps);
  const finished = all.every((s) => s.shardsDone + s.shardsFailed >= s.shardCount);
  if (!finished) return 'running';
  return all.some((s) => s.shardsFailed > 0) ? 'failed' : 'done';
}

/** The deterministic id of a run's shard: a retried plan names the same shards. */
export const shardId = (step: string, index: number) => `${step}-${String(index).padStart(4, '0')}`;

/** One shard of one run, as a task queue carries it. */
export interface ShardTask {
  runId: string;
  shardId: string;
}

/** Where a run's shards go: Cloud Tasks in production and on the local stack, or inline in some tests. */
export interface ShardQueue {
  enqueue(tasks: readonly ShardTask[]): Promise<void>;
}
