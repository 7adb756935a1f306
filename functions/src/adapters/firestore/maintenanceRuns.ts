import { randomBytes } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  EMPTY_MAINTENANCE_REPORT,
  MaintenanceRun,
  MaintenanceShard,
  type MaintenanceReport,
  type MaintenanceRunDetail,
  type MaintenanceTrigger,
  type StepProgress,
} from '@stockseer/contract';
import { assertInvariant } from '../../domain/errors';
import { addReports, LEASE_MS, runStateAfter, runToJoin, type Lease } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { recordAudit, type StoredAuditEntry } from './auditLog';
import { runTransaction } from './runTransaction';
import { buildQuery, QUERIES } from './queries';

/**
 * Maintenance runs in Firestore: `maintenanceRuns/{runId}` with its shards in `shards/{shardId}`, and the lease
 * (`settings/maintenanceLease-{date}`) that makes overlapping triggers join one run.
 */
export const RUNS_COLLECTION = 'maintenanceRuns';
const SHARDS = 'shards';
/**
 * One lease per market date: in production every trigger of a day shares it; on the local stack a trigger at another
 * time-machine date runs on its own (settling stays at most once across runs: deterministic ids).
 */
const leaseDoc = (today: string) => `maintenanceLease-${today}`;

/** What a run's shards need besides the public fields: the instant its settlements are stamped with. */
export interface StoredRun extends Omit<MaintenanceRun, 'id'> {
  marketNow: string;
  /**
   * The steps planned once the planned ones have ended (MaintenanceStep.afterOthers), until the shard that ends them
   * claims their planning. Absent on runs stored before.
   */
  pendingSteps?: string[];
}

/** A shard's work as planned (wallet ids, say): step-specific JSON the step reads back. */
export interface StoredShard extends Omit<MaintenanceShard, 'id'> {
  input: unknown;
}

const runs = (db: Firestore) => db.collection(RUNS_COLLECTION);
const runRef = (db: Firestore, runId: string) => runs(db).doc(runId);
const shardRef = (db: Firestore, runId: string, shardId: string) => runRef(db, runId).collection(SHARDS).doc(shardId);
const leaseRef = (db: Firestore, today: string) => db.collection(COLLECTIONS.settings).doc(leaseDoc(today));

const parseRun = (id: string, data: unknown) => MaintenanceRun.parse({ ...(data as object), id });

/** Sortable by start and unique: two runs started in the same millisecond still differ. */
const newRunId = (wallNow: Date) => `${wallNow.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;

/**
 * Starts a run, or joins the one in progress: in one transaction the lease is read, and only when it is free (or
 * expired) a new run is created and the lease taken. A run whose lease expired without finishing is marked failed.
 */
export async function startOrJoinRun(
  db: Firestore,
  {
    trigger,
    today,
    marketNow,
    wallNow,
    audit,
  }: {
    trigger: MaintenanceTrigger;
    today: string;
    marketNow: Date;
    wallNow: Date;
    /** An admin's trigger: its audit entry, written in this transaction with the run it started or joined. */
    audit?: StoredAuditEntry;
  },
): Promise<{ runId: string; joined: boolean }> {
  return runTransaction(db, async (tx) => {
    const lease = (await tx.get(leaseRef(db, today))).data() as Lease | undefined;
    const holder = runToJoin(lease, wallNow.getTime());
    const audited = (runId: string, joined: boolean) => {
      if (audit) recordAudit(tx, db, { ...audit, details: { ...audit.details, runId, joined } });
      return { runId, joined };
    };
    if (holder) return audited(holder, true);
    if (lease) {
      const abandoned = await tx.get(runRef(db, lease.runId));
      const state = abandoned.get('state') as string | undefined;
      if (state === 'queued' || state === 'running') {
        tx.update(abandoned.ref, {
          state: 'failed',
          endedAt: wallNow.toISOString(),
          error: 'Abandoned: no shard finished within the lease',
        });
      }
    }
    const runId = newRunId(wallNow);
    const run: StoredRun = {
      state: 'queued',
      trigger,
      today,
      marketNow: marketNow.toISOString(),
      startedAt: wallNow.toISOString(),
      endedAt: null,
      report: EMPTY_MAINTENANCE_REPORT,
      shardCount: 0,
      shardsDone: 0,
      shardsFailed: 0,
      steps: {},
      error: null,
    };
    tx.create(runRef(db, runId), run);
    const startedAt = wallNow.getTime();
    tx.set(leaseRef(db, today), { runId, expiresAt: startedAt + LEASE_MS, startedAt } satisfies Lease);
    return audited(runId, false);
  });
}

export interface PlannedShard {
  id: string;
  step: string;
  input: unknown;
  itemCount: number;
}

/**
 * Stores shards of a run before they are enqueued (a shard finds its work in its document) and marks the run
 * running; `pendingSteps` are planned when these shards have ended. Shards planned later add to the run's. A run left
 * with nothing to do, now or later, ends at once.
 */
export async function recordPlan(
  db: Firestore,
  {
    runId,
    today,
    shards,
    pendingSteps = [],
    wallNow,
  }: { runId: string; today: string; shards: readonly PlannedShard[]; pendingSteps?: string[]; wallNow: Date },
) {
  for (let i = 0; i < shards.length; i += 400) {
    const batch = db.batch();
    for (const { id, step, input, itemCount } of shards.slice(i, i + 400)) {
      const shard: StoredShard = {
        step,
        state: 'queued',
        attempts: 0,
        itemCount,
        report: EMPTY_MAINTENANCE_REPORT,
        error: null,
        input,
      };
      batch.set(shardRef(db, runId, id), shard);
    }
    await batch.commit();
  }
  await runTransaction(db, async (tx) => {
    const [runSnap, leaseSnap] = await tx.getAll(runRef(db, runId), leaseRef(db, today));
    const run = runSnap!.data() as StoredRun;
    const lease = leaseSnap!.data() as Lease | undefined;
    const steps: Record<string, StepProgress> = { ...run.steps };
    for (const s of shards) {
      const progress = steps[s.step] ?? { shardCount: 0, shardsDone: 0, shardsFailed: 0 };
      steps[s.step] = { ...progress, shardCount: progress.shardCount + 1 };
    }
    const ended = shards.length === 0 && pendingSteps.length === 0;
    const state = ended ? runStateAfter(steps) : 'running';
    tx.update(runRef(db, runId), {
      state,
      shardCount: run.shardCount + shards.length,
      steps,
      pendingSteps,
      ...(ended ? { endedAt: wallNow.toISOString() } : {}),
    });
    if (ended) releaseLease(tx, db, { lease, runId, today });
  });
}

/**
 * Frees the run's lease, or renews it until `renewUntil`; a lease another run holds by now is left alone. A freed
 * lease stays, expired, to name the day's latest run to a trigger that arrived before it started (`runToJoin`).
 */
function releaseLease(
  tx: FirebaseFirestore.Transaction,
  db: Firestore,
  { lease, runId, today, renewUntil }: { lease: Lease | undefined; runId: string; today: string; renewUntil?: number },
) {
  if (lease?.runId !== runId) return;
  tx.update(leaseRef(db, today), { expiresAt: renewUntil ?? 0 });
}

/** A planning failure ends the run as failed and frees the lease for the next trigger. */
export async function failRun(
  db: Firestore,
  { runId, today, error, wallNow }: { runId: string; today: string; error: string; wallNow: Date },
) {
  await runTransaction(db, async (tx) => {
    const lease = (await tx.get(leaseRef(db, today))).data() as Lease | undefined;
    tx.update(runRef(db, runId), { state: 'failed', endedAt: wallNow.toISOString(), error });
    releaseLease(tx, db, { lease, runId, today });
  });
}

/** Marks a shard attempt as started and gives it its work and its run's dates; null once the shard has finished. */
export async function beginShard(
  db: Firestore,
  runId: string,
  shardId: string,
): Promise<{ run: StoredRun; shard: StoredShard } | null> {
  const [runSnap, shardSnap] = await db.getAll(runRef(db, runId), shardRef(db, runId, shardId));
  assertInvariant(runSnap?.exists && shardSnap?.exists, `maintenance shard ${runId}/${shardId} does not exist`);
  const shard = shardSnap.data() as StoredShard;
  if (shard.state === 'done' || shard.state === 'failed') return null;
  await shardSnap.ref.update({ state: 'running', attempts: FieldValue.increment(1) });
  return { run: runSnap.data() as StoredRun, shard: { ...shard, attempts: shard.attempts + 1 } };
}

/**
 * Records a shard's end and adds its counts to its run, once: a second delivery of a finished shard changes
 * nothing. The last shard ends the run and frees the lease; any other renews it. The last of the planned shards of a
 * run with steps still to plan ends nothing: it answers those steps, which its caller plans (once: it claims them).
 */
export async function finishShard(
  db: Firestore,
  {
    runId,
    shardId,
    report,
    error,
    wallNow,
  }: {
    runId: string;
    shardId: string;
    report: MaintenanceReport;
    /** Set when the shard gave up (its last attempt failed). */
    error: string | null;
    wallNow: Date;
  },
): Promise<{ stepsToPlan: string[] }> {
  return runTransaction(
    db,
    async (tx) => {
      const rRef = runRef(db, runId);
      const sRef = shardRef(db, runId, shardId);
      const [runSnap, shardSnap] = await tx.getAll(rRef, sRef);
      const shard = shardSnap!.data() as StoredShard;
      if (shard.state === 'done' || shard.state === 'failed') return { stepsToPlan: [] };
      const run = runSnap!.data() as StoredRun;
      const lease = (await tx.get(leaseRef(db, run.today))).data() as Lease | undefined;
      const failed = error !== null;
      const step = run.steps[shard.step]!;
      const steps = {
        ...run.steps,
        [shard.step]: {
          ...step,
          shardsDone: step.shardsDone + (failed ? 0 : 1),
          shardsFailed: step.shardsFailed + (failed ? 1 : 0),
        },
      };
      const planned = run.state === 'failed' ? 'failed' : runStateAfter(steps);
      const stepsToPlan = planned === 'running' || run.state === 'failed' ? [] : (run.pendingSteps ?? []);
      const state = stepsToPlan.length > 0 ? 'running' : planned;
      const finished = state !== 'running';
      tx.update(sRef, { state: failed ? 'failed' : 'done', report, error });
      tx.update(rRef, {
        steps,
        state,
        report: addReports(run.report, report),
        shardsDone: run.shardsDone + (failed ? 0 : 1),
        shardsFailed: run.shardsFailed + (failed ? 1 : 0),
        ...(finished ? { endedAt: wallNow.toISOString() } : {}),
        ...(stepsToPlan.length > 0 ? { pendingSteps: [] } : {}),
      });
      const renewUntil = finished ? undefined : wallNow.getTime() + LEASE_MS;
      releaseLease(tx, db, { lease, runId, today: run.today, renewUntil });
      return { stepsToPlan };
    },
    { maxAttempts: 20 },
  );
}

export async function findRun(db: Firestore, runId: string): Promise<MaintenanceRun | undefined> {
  const snap = await runRef(db, runId).get();
  return snap.exists ? parseRun(runId, snap.data()) : undefined;
}

export async function findRunDetail(db: Firestore, runId: string): Promise<MaintenanceRunDetail | undefined> {
  const run = await findRun(db, runId);
  if (!run) return undefined;
  const shards = await runRef(db, runId).collection(SHARDS).get();
  return { ...run, shards: shards.docs.map((d) => MaintenanceShard.parse({ ...d.data(), id: d.id })) };
}

export async function latestRuns(db: Firestore, limit: number): Promise<MaintenanceRun[]> {
  const snap = await buildQuery(db, QUERIES.latestMaintenanceRuns, []).limit(limit).get();
  return snap.docs.map((d) => parseRun(d.id, d.data()));
}

/**
 * When the last run that ended started, on the market's clock (which stamps ledger lines): the wallets the nightly
 * audit of the books checks are those written since. Undefined before the first.
 */
export async function lastEndedRun(db: Firestore): Promise<{ marketNow: string } | undefined> {
  const snap = await buildQuery(db, QUERIES.latestMaintenanceRuns, []).limit(20).get();
  const ended = snap.docs.find((d) => ['done', 'failed'].includes(d.get('state') as string));
  return ended && { marketNow: ended.get('marketNow') as string };
}
