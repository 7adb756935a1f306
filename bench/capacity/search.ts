/**
 * The search of `npm run bench:capacity`: concurrency levels are tried from the lowest up, and the capacity of a
 * route on one instance is the highest throughput of a level whose p99 stays within the bound, without errors.
 */

/** What one bounded run at one concurrency level measured. */
export interface LevelRun {
  concurrency: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Non-2xx answers, socket errors and timeouts together. */
  errors: number;
}

/** The latency an investor still accepts from a hot route (issue 27, item 6). */
export const P99_BOUND_MS = 1_000;

export function withinBound(run: LevelRun, boundMs = P99_BOUND_MS): boolean {
  return run.p99Ms <= boundMs && run.errors === 0;
}

/** The level with the highest throughput among those within the bound; undefined when none is. */
export function bestWithinBound(runs: readonly LevelRun[], boundMs = P99_BOUND_MS): LevelRun | undefined {
  let best: LevelRun | undefined;
  for (const run of runs) {
    if (withinBound(run, boundMs) && (!best || run.requestsPerSecond > best.requestsPerSecond)) best = run;
  }
  return best;
}

/**
 * Whether to try the next, higher level: not after a level that broke the bound. Past that point more requests at
 * once on the same cores only wait longer in the queue, so a higher level cannot come back within the bound.
 */
export function climbOn(runs: readonly LevelRun[], boundMs = P99_BOUND_MS): boolean {
  const last = runs.at(-1);
  return last === undefined || withinBound(last, boundMs);
}

/** `--concurrency 1,4,8`: positive whole numbers, each once, lowest first. */
export function parseLevels(text: string): number[] {
  const levels = text.split(',').map((part) => Number(part.trim()));
  if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`--concurrency takes positive whole numbers separated by commas, not "${text}"`);
  }
  return [...new Set(levels)].sort((a, b) => a - b);
}
