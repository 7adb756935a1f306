import { z } from 'zod';
import { documentId, IsoDate, IsoDateTime } from './common';
import { SupportReason } from './support';

/**
 * Daily maintenance as a tracked job (issue 13): a run splits its work into shards (ranges of wallets with due
 * predictions, allowance renewals, back-test cleanup, the next session's forecasts), which a task queue runs in parallel; its counts add up as
 * shards finish.
 */

/** How many of something (predictions, wallets, shards). */
const Count = z.number().int().min(0);

/**
 * `POST /api/admin/check-predictions`: what daily maintenance did (docs/product.md#daily-maintenance: three counts,
 * plus what went wrong).
 */
export const MaintenanceReport = z.object({
  updatedCount: Count,
  resetWalletsCount: Count,
  cleanupCount: Count,
  /**
   * Forecasts fitted ahead for the next session (issue 16): what was asked from the previous close, so that its
   * previews and generates need no fit. Runs stored before it was counted read 0.
   */
  preparedForecastsCount: Count.default(0),
  /**
   * Items that failed this run (logged): a settlement or a renewal is retried on the next run, a forecast not prepared
   * is fitted when it is first asked.
   */
  failedCount: Count,
  invariantViolations: Count,
  /**
   * The nightly audit of the books (docs/product.md#books-audited-every-night): wallets whose whole history was checked
   * (those that moved since the previous run), their money in (deposits and credits, less what Stripe took back),
   * charged and reserved, and the discrepancies found there or against Stripe, each an Admin alert. Runs stored
   * before the audit read 0.
   */
  booksWalletsCount: Count.default(0),
  booksInCents: Count.default(0),
  booksChargedCents: Count.default(0),
  booksReservedCents: Count.default(0),
  booksDiscrepancies: Count.default(0),
  /**
   * Web Push (docs/product.md#web-push): the run's summaries pushed, one per device reached, and the devices removed
   * because their push service answered that the subscription is gone (404 or 410). Runs stored before read 0.
   */
  pushSentCount: Count.default(0),
  pushGoneCount: Count.default(0),
});
export type MaintenanceReport = z.infer<typeof MaintenanceReport>;
/** What a run has done before its first shard ends. */
export const EMPTY_MAINTENANCE_REPORT: MaintenanceReport = Object.freeze({
  updatedCount: 0,
  resetWalletsCount: 0,
  cleanupCount: 0,
  preparedForecastsCount: 0,
  failedCount: 0,
  invariantViolations: 0,
  booksWalletsCount: 0,
  booksInCents: 0,
  booksChargedCents: 0,
  booksReservedCents: 0,
  booksDiscrepancies: 0,
  pushSentCount: 0,
  pushGoneCount: 0,
});

export const MaintenanceRunState = z.enum(['queued', 'running', 'done', 'failed']);
export type MaintenanceRunState = z.infer<typeof MaintenanceRunState>;
export const MaintenanceTrigger = z.enum(['scheduled', 'manual']);
export type MaintenanceTrigger = z.infer<typeof MaintenanceTrigger>;
export const ShardState = z.enum(['queued', 'running', 'done', 'failed']);
export type ShardState = z.infer<typeof ShardState>;

/** How far one step of a run (settle, renew, clean up, ...) has come. */
export const StepProgress = z.object({
  shardCount: Count,
  shardsDone: Count,
  shardsFailed: Count,
});
export type StepProgress = z.infer<typeof StepProgress>;

export const MaintenanceRun = z.object({
  id: z.string(),
  state: MaintenanceRunState,
  trigger: MaintenanceTrigger,
  /** The market date the run works for (New York's, or the local time machine's). */
  today: IsoDate,
  startedAt: IsoDateTime,
  endedAt: IsoDateTime.nullable(),
  /** The counts of the shards finished so far; final once the run is done or failed. */
  report: MaintenanceReport,
  shardCount: Count,
  shardsDone: Count,
  shardsFailed: Count,
  /** Per step, in the order the run planned them. */
  steps: z.record(z.string(), StepProgress),
  /** Why the run itself failed (its planning), when it did. */
  error: z.string().nullable(),
});
export type MaintenanceRun = z.infer<typeof MaintenanceRun>;

export const MaintenanceShard = z.object({
  id: z.string(),
  step: z.string(),
  state: ShardState,
  attempts: Count,
  /** Wallets (settlement, renewals) or 0 for a step that pages by itself (cleanup). */
  itemCount: Count,
  report: MaintenanceReport,
  error: z.string().nullable(),
});
export type MaintenanceShard = z.infer<typeof MaintenanceShard>;

/** `GET /api/admin/maintenance-runs/{id}`: a run and its shards. */
export const MaintenanceRunDetail = MaintenanceRun.extend({ shards: z.array(MaintenanceShard) });
export type MaintenanceRunDetail = z.infer<typeof MaintenanceRunDetail>;

/** `GET /api/admin/maintenance-runs`: the latest runs, newest first. */
export const MaintenanceRuns = z.array(MaintenanceRun);

/** The longest `POST /api/admin/check-predictions` waits for its run before answering 202 (issue 13: ~20 s). */
export const MAINTENANCE_WAIT_SECONDS = 20;

/** `POST /api/admin/check-predictions`: how long to wait for the run to finish; 0 answers 202 at once. */
export const CheckPredictionsRequest = z
  .object({
    waitSeconds: Count.max(MAINTENANCE_WAIT_SECONDS).default(MAINTENANCE_WAIT_SECONDS),
    /** Why an admin runs it now, for the audit log. */
    reason: SupportReason.optional(),
  })
  .strict();
export type CheckPredictionsRequest = z.input<typeof CheckPredictionsRequest>;

/** 200: the run finished within the wait; its report, and which run it was (a joined one, perhaps). */
export const MaintenanceFinished = MaintenanceReport.extend({ runId: z.string() });
export type MaintenanceFinished = z.infer<typeof MaintenanceFinished>;

/** `POST /api/admin/books/full-audit`: these wallets only (their ids), or every wallet when none are named. */
export const BooksFullAuditRequest = z
  .object({ walletIds: z.array(z.string().min(1).max(128)).min(1).max(500).optional() })
  .strict();
export type BooksFullAuditRequest = z.infer<typeof BooksFullAuditRequest>;

/** `POST /api/admin/books/full-audit`: each wallet's history audited from nothing, its checkpoint checked. */
export const BooksFullAudit = MaintenanceReport.pick({ booksWalletsCount: true, booksDiscrepancies: true }).extend({
  /** The findings are Admin alerts of this id's run. */
  runId: z.string(),
});
export type BooksFullAudit = z.infer<typeof BooksFullAudit>;

/** A run's id in a path: as `maintenanceRuns` documents are named (an ISO start time and a random suffix). */
export const MaintenanceRunId = documentId('expected a maintenance run id', 100).regex(
  /^[\w-]+$/,
  'expected a maintenance run id',
);
