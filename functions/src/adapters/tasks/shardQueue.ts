import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { chunk, type ShardQueue } from '../../domain/maintenance/runs';

/** The task queue function that runs maintenance shards (jobs/maintenanceShard.ts, exported by index.ts). */
export const SHARD_FUNCTION = 'maintenanceShard';
const REGION = 'us-central1';
/** Enqueue calls in flight at once: a run of a few hundred shards is queued in a few round trips. */
const PARALLEL_ENQUEUES = 20;
const TASKS_APP = 'maintenanceTasks';

/**
 * Cloud Tasks, through the Admin SDK. On the local stack the Functions emulator runs the queue (it sets
 * CLOUD_TASKS_EMULATOR_HOST for the functions), so this works offline too (docs/architecture.md#local-stack).
 * `serviceAccount` (TASKS_SERVICE_ACCOUNT, config.ts) is read at the first enqueue: the account Cloud Tasks calls
 * the shards as. Without it the SDK would guess, asking the metadata server: a setting, never a guess.
 */
export function cloudTasksShardQueue(serviceAccount: () => string): ShardQueue {
  return {
    async enqueue(tasks) {
      const queue = getFunctions(tasksApp(serviceAccount())).taskQueue(
        `locations/${REGION}/functions/${SHARD_FUNCTION}`,
      );
      for (const part of chunk(tasks, PARALLEL_ENQUEUES)) {
        await Promise.all(part.map((task) => queue.enqueue({ ...task })));
      }
    },
  };
}

/** The Admin SDK app that enqueues shards: the functions' own project, with the service account set. */
function tasksApp(serviceAccountId: string): App {
  const existing = getApps().find((app) => app.name === TASKS_APP);
  if (existing) return existing;
  return initializeApp({ projectId: getApp().options.projectId, serviceAccountId }, TASKS_APP);
}
