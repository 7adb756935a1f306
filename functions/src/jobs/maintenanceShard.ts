import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import type { SecretParam } from 'firebase-functions/params';
import { z } from 'zod';
import { runShard, type MaintenanceDeps } from '../services/maintenance/runs';
import { FUNCTION_SETTINGS } from '../functionSettings';

/**
 * Tries per shard. Shards are idempotent; the last try records its failure on the run instead of throwing. Generous,
 * because a try can also fail before our code runs (an instance that cannot start in time).
 */
export const SHARD_MAX_ATTEMPTS = 8;
/**
 * Shards running at once. The local Functions emulator runs at most 8 requests of all functions together
 * (FUNCTIONS_EMULATOR_PARALLEL): 4 shards leave the API room to answer the Admin tab while a run is going.
 * On Cloud Functions each shard has its own instance; raise this with the number of wallets.
 */
export const SHARDS_AT_ONCE = 4;

const ShardTask = z.object({ runId: z.string().min(1), shardId: z.string().min(1) });

/**
 * The maintenance shard queue: Cloud Tasks delivers each shard of a run here, many at once on as many instances,
 * and retries a shard that threw with a growing pause. `instance` builds the dependencies at the first task.
 */
export function maintenanceShardJob(instance: () => MaintenanceDeps, options: { secrets?: SecretParam[] } = {}) {
  return onTaskDispatched(
    {
      ...options,
      retryConfig: { maxAttempts: SHARD_MAX_ATTEMPTS, minBackoffSeconds: 2, maxBackoffSeconds: 30 },
      rateLimits: { maxConcurrentDispatches: SHARDS_AT_ONCE },
      // The forecasts step fits models on a thread per core, as the `api` function does (docs/capacity.md).
      ...FUNCTION_SETTINGS.maintenanceShard,
    },
    async (req) => {
      const finalAttempt = req.retryCount >= SHARD_MAX_ATTEMPTS - 1;
      await runShard(instance(), ShardTask.parse(req.data), { finalAttempt });
    },
  );
}
