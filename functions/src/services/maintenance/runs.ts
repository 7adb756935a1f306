/**
 * Daily maintenance as a tracked job (docs/architecture.md#daily-maintenance-flow; issue 13). A trigger (the scheduler,
 * the admin's button) starts a run or joins the one in progress; the run plans its steps into shards and puts them on a
 * queue; each shard runs anywhere, in parallel, as often as the queue delivers it, and adds its counts to the run once.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  EMPTY_MAINTENANCE_REPORT,
  type MaintenanceReport,
  type MaintenanceRun,
  type MaintenanceTrigger,
} from '@stockseer/contract';
import { fixedClockAt, type Clock, type TimeMachine } from '../../domain/clock';
import type { MarketDataService } from '../../domain/market-data/service';
import type { ModelPool } from '../../adapters/model-pool/pool';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import type { PushSender } from '../../adapters/push/webPushSender';
import { shardId, type ShardQueue, type ShardTask } from '../../domain/maintenance/runs';
import {
  beginShard,
  failRun,
  findRun,
  finishShard,
  recordPlan,
  startOrJoinRun,
  type PlannedShard,
} from '../../adapters/firestore/maintenanceRuns';
import { ensureLiveTrackRecord } from '../liveTrackRecord';
import { auditStep, reconcileStep } from './books';
import { cleanupStep } from './cleanup';
import { forecastStep } from './forecasts';
import { pushStep } from './push';
import { refundHoldsStep } from './refundHolds';
import { renewalStep } from './renewals';
import { settlementStep } from './settlement';
import type { MaintenanceStep } from './steps';
import { log } from '../../adapters/logging/log';
import { inUsageScope } from '../../adapters/firestore/usage';
import { newAuditId } from '../../adapters/firestore/auditLog';
import type { Caller } from '../../domain/caller';
import { auditEntry } from '../../domain/audit';

/**
 * The steps of a run, in order. A new step (e.g. refreshing an aggregate after the settlements) is one more entry:
 * it plans its own shards and its shards run beside the others'. A step `afterOthers` (the push summaries) is planned
 * when the others' shards have ended, and its shards run then.
 */
export const MAINTENANCE_STEPS: readonly MaintenanceStep[] = [
  settlementStep as MaintenanceStep,
  renewalStep as MaintenanceStep,
  cleanupStep as MaintenanceStep,
  forecastStep as MaintenanceStep,
  auditStep as MaintenanceStep,
  reconcileStep as MaintenanceStep,
  refundHoldsStep as MaintenanceStep,
  pushStep as MaintenanceStep,
];

export interface MaintenanceDeps {
  db: Firestore;
  clock: Clock;
  /** The local stack's time machine over `clock` (none in production). */
  timeMachine?: TimeMachine;
  marketData: MarketDataService;
  models: ModelPool;
  payments: PaymentGateway;
  push: PushSender;
  queue: ShardQueue;
  steps?: readonly MaintenanceStep[];
  /** The real time, for leases and start and end times (the time machine's clock stands still). */
  wallClock?: () => Date;
}

const wallNow = (deps: MaintenanceDeps) => (deps.wallClock ?? (() => new Date()))();
const stepsOf = (deps: MaintenanceDeps) => deps.steps ?? MAINTENANCE_STEPS;

/** Starts a run, or joins the one in progress; a new run is planned and its shards enqueued before this returns. */
export async function startMaintenance(
  deps: MaintenanceDeps,
  trigger: MaintenanceTrigger,
  admin?: { caller: Caller; reason?: string },
): Promise<{ runId: string; joined: boolean }> {
  const { db, clock } = deps;
  const today = clock.today();
  const marketNow = clock.now();
  const audit =
    admin &&
    auditEntry({
      id: newAuditId(),
      action: 'maintenance',
      actor: admin.caller,
      at: marketNow,
      details: { today },
      reason: admin.reason,
    });
  const started = await startOrJoinRun(db, { trigger, today, marketNow, wallNow: wallNow(deps), audit });
  if (started.joined) return started;
  const { runId } = started;
  try {
    // Before any settlement of the run: the live record's one-time base, when it has none (issue 24). A failure
    // leaves it to the next run and settles all the same: the base, made later, leaves out what shards already hold.
    await ensureLiveTrackRecord(db, wallNow(deps)).catch((error: unknown) =>
      log.error('maintenance: the live track record base could not be made', error, { runId }),
    );
    const run = { runId, today, clock };
    const [first, later] = [stepsOf(deps).filter((s) => !s.afterOthers), stepsOf(deps).filter((s) => s.afterOthers)];
    const planned = await planSteps(deps, run, first, { pendingSteps: later.map((step) => step.name) });
    // Nothing to wait for: the later steps are planned now.
    if (planned === 0 && later.length > 0) await planSteps(deps, run, later);
  } catch (error) {
    log.error('maintenance: a run could not be planned', error, { runId });
    const reason = 'The run could not be planned or queued';
    await failRun(db, { runId, today, error: reason, wallNow: wallNow(deps) });
    throw error;
  }
  return started;
}

/** Plans `steps` into shards, stores them and enqueues them: how many there are. */
async function planSteps(
  deps: MaintenanceDeps,
  { runId, today, clock }: { runId: string; today: string; clock: Clock },
  steps: readonly MaintenanceStep[],
  { pendingSteps = [] }: { pendingSteps?: string[] } = {},
): Promise<number> {
  const { db, marketData, models, payments, push } = deps;
  const shards: PlannedShard[] = [];
  for (const step of steps) {
    const plans = await inUsageScope(step.name, () =>
      step.plan({ db, clock, marketData, models, payments, push, runId }),
    );
    plans.forEach(({ input, itemCount }, i) =>
      shards.push({ id: shardId(step.name, i), step: step.name, input, itemCount }),
    );
  }
  await recordPlan(db, { runId, today, shards, pendingSteps, wallNow: wallNow(deps) });
  await deps.queue.enqueue(shards.map((s) => ({ runId, shardId: s.id })));
  return shards.length;
}

/**
 * The steps left to plan once the others' shards have ended (claimed by the shard that ended them). A failure here
 * ends the run as failed: the shard that claimed them has finished, so no retry would plan them.
 */
async function planLaterSteps(
  deps: MaintenanceDeps,
  run: { runId: string; today: string; clock: Clock },
  names: string[],
) {
  try {
    await planSteps(
      deps,
      run,
      stepsOf(deps).filter((step) => names.includes(step.name)),
    );
  } catch (error) {
    log.error('maintenance: the last steps of a run could not be planned', error, { runId: run.runId });
    const reason = 'The steps after the others could not be planned or queued';
    await failRun(deps.db, { runId: run.runId, today: run.today, error: reason, wallNow: wallNow(deps) });
  }
}

/**
 * Runs one shard: its step's work, then its counts onto the run, once. Throws to be retried; on the queue's last
 * attempt a failure is recorded on the shard (and counted) instead, so the run still ends.
 */
export async function runShard(
  deps: MaintenanceDeps,
  { runId, shardId: id }: ShardTask,
  { finalAttempt }: { finalAttempt: boolean },
): Promise<void> {
  const begun = await beginShard(deps.db, runId, id);
  if (!begun) return;
  const { run, shard } = begun;
  // Local stack: the market data service reads "today" from this process's clock; use the run's (its time machine).
  deps.timeMachine?.pinThisProcess(run.today);
  const step = stepsOf(deps).find((s) => s.name === shard.step);
  const clock = fixedClockAt(run.today, new Date(run.marketNow));
  const { db, marketData, models, payments, push } = deps;
  let ended: { stepsToPlan: string[] };
  try {
    if (!step) throw new Error(`maintenance: no step named ${shard.step}`);
    const stepContext = { db, marketData, models, payments, push, runId, clock, finalAttempt };
    const counts = await inUsageScope(step.name, () => step.run(stepContext, shard.input));
    const report = { ...EMPTY_MAINTENANCE_REPORT, ...counts };
    ended = await finishShard(db, { runId, shardId: id, report, error: null, wallNow: wallNow(deps) });
  } catch (error) {
    log.error('maintenance: a shard failed', error, { runId, shardId: id, attempt: shard.attempts });
    if (!finalAttempt) throw error;
    const report = { ...EMPTY_MAINTENANCE_REPORT, failedCount: Math.max(1, shard.itemCount) };
    const message = error instanceof Error ? error.message : String(error);
    ended = await finishShard(db, { runId, shardId: id, report, error: message, wallNow: wallNow(deps) });
  }
  if (ended.stepsToPlan.length > 0) await planLaterSteps(deps, { runId, today: run.today, clock }, ended.stepsToPlan);
}

const POLL_MS = 250;
const finished = (run: MaintenanceRun) => run.state === 'done' || run.state === 'failed';

/** The run once it has finished, or as it stands after `waitMs`. */
export async function waitForRun(db: Firestore, runId: string, waitMs: number): Promise<MaintenanceRun> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const run = await findRun(db, runId);
    if (!run) throw new Error(`maintenance run ${runId} vanished`);
    if (finished(run) || Date.now() >= deadline) return run;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
  }
}

/** Attempts an inline queue gives a shard, as the Cloud Tasks queue's retry config does (jobs/maintenanceShard.ts). */
const INLINE_ATTEMPTS = 3;

/**
 * A queue that runs the shards in this process, a few at once, retrying each like the task queue would: for the
 * scheduled function's tests and scripts that have no task queue. `enqueue` returns when every shard has ended.
 */
export function inlineShardQueue(deps: () => MaintenanceDeps, parallel = 4): ShardQueue {
  return {
    async enqueue(tasks) {
      let next = 0;
      const worker = async () => {
        while (next < tasks.length) {
          const task = tasks[next++]!;
          for (let attempt = 1; ; attempt++) {
            try {
              await runShard(deps(), task, { finalAttempt: attempt >= INLINE_ATTEMPTS });
              break;
            } catch (error) {
              if (attempt >= INLINE_ATTEMPTS) throw error;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(parallel, tasks.length) }, worker));
    },
  };
}

/** A whole run in this process (inline shards), start to end: its report. */
export async function runDailyMaintenance(
  deps: Omit<MaintenanceDeps, 'queue'>,
  trigger: MaintenanceTrigger = 'manual',
): Promise<MaintenanceReport & { runId: string }> {
  const inline: MaintenanceDeps = { ...deps, queue: inlineShardQueue(() => inline) };
  const { runId } = await startMaintenance(inline, trigger);
  const run = await waitForRun(deps.db, runId, 10 * 60_000);
  return { ...run.report, runId };
}
