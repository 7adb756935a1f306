import type { PushMessage } from '@stockseer/contract';
import { chunk } from '../../domain/maintenance/runs';
import { runSummaryMessage } from '../../domain/push/summary';
import type { PushTarget } from '../../adapters/push/webPushSender';
import { forgetGoneDevice, pushTargets } from '../../adapters/firestore/pushDevices';
import { claimRunSummary, pushCountsOf, recordPushCounts } from '../../adapters/firestore/pushedSummaries';
import { runNotificationsOf, usersNotifiedInRun } from '../../adapters/firestore/runNotifications';
import { log, uidHash } from '../../adapters/logging/log';
import { forEachParallelUntil, ofWallet, retryOrCountFailures, type MaintenanceStep, type StepContext } from './steps';

/**
 * Users per push shard: at most a few devices each, a few seconds of work. 100,000 subscribers are 200 shards, which
 * the queue runs a few at a time, each well within its time.
 */
const PUSH_SHARD_USERS = 500;
/** Users whose summaries are pushed at once within a shard: bounds the requests in flight (and Firestore's calls). */
const PARALLEL_USERS = 32;
/**
 * How long a shard starts new users for. What is left then is the next attempt's (the queue retries the shard; the
 * users done are skipped): a shard never runs into its function's time limit (540 s) however slow push services are.
 */
const SHARD_BUDGET_MS = 240_000;

/**
 * The last step of a run (docs/product.md#web-push): one push per user and run, to each of the user's devices,
 * summing up the notifications the run wrote for them. Planned when the other steps' shards have ended (their
 * settlements and renewals wrote those notifications), over the users the run notified.
 */
export const pushStep: MaintenanceStep<{ userIds: string[] }> = {
  name: 'push',
  afterOthers: true,

  async plan({ db, runId }) {
    const users = await usersNotifiedInRun(db, runId);
    return chunk(users, PUSH_SHARD_USERS).map((userIds) => ({ input: { userIds }, itemCount: userIds.length }));
  },

  async run(ctx, { userIds }) {
    const deadline = Date.now() + SHARD_BUDGET_MS;
    const { failures, left } = await forEachParallelUntil(userIds, PARALLEL_USERS, deadline, (uid) =>
      pushRunSummary(ctx, uid),
    );
    const outOfTime = left.map((uid) => ({ item: uid, error: 'the shard ran out of time' }));
    const failedCount = retryOrCountFailures(ctx, 'pushing a summary', [...failures, ...outOfTime].map(ofWallet));
    // From the summaries' records: the same figures whichever attempt pushed them.
    const { sentCount, goneCount } = await pushCountsOf(ctx.db, ctx.runId, userIds);
    return { pushSentCount: sentCount, pushGoneCount: goneCount, failedCount };
  },
};

/**
 * Pushes the run's summary to every device of one user, unless an earlier attempt did: the summary is claimed before
 * anything is sent, so a crash at any point never sends it twice (it may then not be sent at all: at most once).
 */
async function pushRunSummary(ctx: StepContext, uid: string): Promise<void> {
  const { db, runId } = ctx;
  const targets = await pushTargets(db, uid);
  if (targets.length === 0) return;
  const message = runSummaryMessage(runId, await runNotificationsOf(db, uid, runId));
  if (!message) return;
  if (!(await claimRunSummary(db, uid, runId, ctx.clock.now()))) return;
  const outcomes = await Promise.all(targets.map((target) => deliver(ctx, uid, target, message)));
  await recordPushCounts(db, uid, runId, {
    sentCount: outcomes.filter((o) => o === 'sent').length,
    goneCount: outcomes.filter((o) => o === 'gone').length,
  });
}

/** One device: a gone subscription is deleted; a failure is logged by the device's id, never its endpoint or keys. */
async function deliver(ctx: StepContext, uid: string, target: PushTarget & { id: string }, message: PushMessage) {
  const delivery = await ctx.push.send(target, message);
  if (delivery.outcome === 'gone') await forgetGoneDevice(ctx.db, uid, target.id);
  if (delivery.outcome === 'failed') {
    log.warn('maintenance: a push was not delivered', {
      runId: ctx.runId,
      uidHash: uidHash(uid),
      device: target.id.slice(0, 16),
      status: delivery.status,
      reason: delivery.reason,
    });
  }
  return delivery.outcome;
}
