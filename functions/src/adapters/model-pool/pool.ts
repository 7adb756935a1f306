/**
 * Runs forecasts and back-tests on worker threads (piscina), off the request thread, with a hard time limit: a
 * task past its limit has its thread terminated and fails with `model_failed`. The limit covers the wait in the
 * queue as well as the fit, i.e. it is what the caller waits at most.
 */
import { availableParallelism } from 'node:os';
import type { DailyBar } from '@stockseer/contract';
import { Piscina } from 'piscina';
import { AppError, assertInvariant } from '../../domain/errors';
import type { Backtest } from '../../domain/models/backtest';
import type { Forecast, ForecastInput, ModelId } from '../../domain/models/types';
import type { ModelTask, ModelTaskResult } from './protocol';

export interface ModelPoolOptions {
  /** Worker threads; defaults to the number of CPUs. */
  readonly threads?: number;
  /** Limit for one forecast (one fit). */
  readonly forecastTimeoutMs?: number;
  /** Limit for a whole back-test (20 fits plus the naive baseline). */
  readonly backtestTimeoutMs?: number;
  /** How long an idle thread is kept for the next task; 0 ends it at once (piscina's default). */
  readonly idleTimeoutMs?: number;
}

export interface ModelPool {
  forecast(modelId: ModelId, input: ForecastInput): Promise<Forecast>;
  backtest(modelId: ModelId, bars: readonly DailyBar[], horizon: number): Promise<Backtest>;
  close(): Promise<void>;
}

const DEFAULT_FORECAST_TIMEOUT_MS = 10_000;
const DEFAULT_BACKTEST_TIMEOUT_MS = 60_000;
/**
 * A thread that starts for a task loads the models and runs them cold (not yet optimised by the JIT): kept a minute
 * between tasks, the next generate finds it warm instead of paying that start again.
 */
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * Bundled, this module is part of lib/index.js and the worker is lib/modelWorker.js beside it (functions/build.mjs).
 * From TypeScript sources (tests, scripts), the worker is worker.ts beside this file, loaded through tsx.
 */
function workerLocation(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { filename: new URL('./worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] }
    : { filename: new URL('./modelWorker.js', import.meta.url).href, execArgv: [] };
}

export function createModelPool(options: ModelPoolOptions = {}): ModelPool {
  const threads = options.threads ?? availableParallelism();
  const piscina = new Piscina<ModelTask, ModelTaskResult>({
    ...workerLocation(),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  });

  async function run(task: ModelTask, timeoutMs: number): Promise<ModelTaskResult & { ok: true }> {
    let result: ModelTaskResult;
    try {
      result = await piscina.run(task, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') {
        throw new AppError('model_failed', `The ${task.modelId} model took longer than ${timeoutMs} ms`, {
          cause: error,
        });
      }
      throw error;
    }
    if (!result.ok) throw new AppError(result.kind, result.message);
    return result;
  }

  return {
    async forecast(modelId, input) {
      const result = await run(
        { kind: 'forecast', modelId, input },
        options.forecastTimeoutMs ?? DEFAULT_FORECAST_TIMEOUT_MS,
      );
      assertInvariant('forecast' in result, 'the model worker answers a forecast task with a forecast');
      return result.forecast;
    },
    async backtest(modelId, bars, horizon) {
      const result = await run(
        { kind: 'backtest', modelId, bars, horizon },
        options.backtestTimeoutMs ?? DEFAULT_BACKTEST_TIMEOUT_MS,
      );
      assertInvariant('backtest' in result, 'the model worker answers a back-test task with a back-test');
      return result.backtest;
    },
    close: () => piscina.close(),
  };
}
