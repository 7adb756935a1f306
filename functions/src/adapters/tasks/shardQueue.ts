import { getApp } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { chunk, type ShardQueue } from '../../domain/maintenance/runs';

/** The task queue function that runs maintenance shards (jobs/maintenanceShard.ts, exported by index.ts). */
export const SHARD_FUNCTION = 'maintenanceShard';
const REGION = 'us-central1';
/** Enqueue calls in flight at once: a run of a few hundred shards is queued in a few round trips. */
const PARALLEL_ENQUEUES = 20;

/**
 * Cloud Tasks, through the Admin SDK. On the local stack the Functions emulator runs the queue (it sets
 * CLOUD_TASKS_EMULATOR_HOST for the functions), so this works offline too (docs/architecture.md#local-stack).
 */
export function cloudTasksShardQueue(): ShardQueue {
  return {
    async enqueue(tasks) {
      // Without it the SDK would guess, asking the metadata server: a setting, never a guess (adapters/firestore/db).
      if (!getApp().options.serviceAccountId) {
        throw new Error('TASKS_SERVICE_ACCOUNT is not set: the service account Cloud Tasks calls maintenanceShard as');
      }
      const queue = getFunctions().taskQueue(`locations/${REGION}/functions/${SHARD_FUNCTION}`);
      for (const part of chunk(tasks, PARALLEL_ENQUEUES)) {
        await Promise.all(part.map((task) => queue.enqueue({ ...task })));
      }
    },
  };
}
