import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { z } from 'zod';
import { runShard, type MaintenanceDeps } from '../services/maintenance/runs';

/** Tries per shard. Shards are idempotent; the last try records its failure on the run instead of throwing. */
export const SHARD_MAX_ATTEMPTS = 5;

const ShardTask = z.object({ runId: z.string().min(1), shardId: z.string().min(1) });

/**
 * The maintenance shard queue: Cloud Tasks delivers each shard of a run here, many at once on as many instances,
 * and retries a shard that threw with a growing pause.
 */
export function maintenanceShardJob(deps: MaintenanceDeps) {
  return onTaskDispatched(
    {
      retryConfig: { maxAttempts: SHARD_MAX_ATTEMPTS, minBackoffSeconds: 2, maxBackoffSeconds: 60 },
      rateLimits: { maxConcurrentDispatches: 20 },
      timeoutSeconds: 540,
      memory: '1GiB',
    },
    async (req) => {
      const finalAttempt = req.retryCount >= SHARD_MAX_ATTEMPTS - 1;
      await runShard(deps, ShardTask.parse(req.data), { finalAttempt });
    },
  );
}
