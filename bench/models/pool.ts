/** Runs evaluation tasks on a pool of worker threads (one per core; models load once per thread). */
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { EvaluationResult, EvaluationTask } from './evaluate';

const here = dirname(fileURLToPath(import.meta.url));
/** Slowest first, so the pool does not end on one long task. */
const ORDER: Record<string, number> = { prophet: 0, xgboost: 1, arima: 2, drift: 3, naive: 4 };

export async function runTasks(
  tasks: readonly EvaluationTask[],
  threads = availableParallelism(),
): Promise<EvaluationResult[]> {
  const started = performance.now();
  const pool = new Piscina<EvaluationTask, EvaluationResult>({
    filename: resolve(here, 'worker.ts'),
    execArgv: ['--import', 'tsx'],
    minThreads: threads,
    maxThreads: threads,
  });
  let done = 0;
  const ordered = [...tasks].sort((a, b) => ORDER[a.modelId]! - ORDER[b.modelId]!);
  const results = await Promise.all(
    ordered.map(async (task) => {
      const result = await pool.run(task);
      done += 1;
      if (done % 100 === 0)
        process.stderr.write(`${done}/${tasks.length} tasks, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      return result;
    }),
  );
  await pool.destroy();
  return results;
}
