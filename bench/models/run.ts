/**
 * `npm run bench:models [-- --quick] [-- --data <folder> ...]`: walk-forward accuracy of every model and baseline on
 * every stock and horizon over the last ten years, fit times, and the recommended model per time frame (several
 * folders: `--data a --data b` or `--data a,b`). The chance of a hit is scored by `npm run bench:odds` on its own
 * split; the odds table here covers these origins, some of which fall in the calibration period.
 * Prints markdown and writes bench/results/models.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { walkForwardOrigins } from '../../functions/src/domain/models/backtest';
import { MODEL_IDS_FOR_BENCH, recommendedDefaults } from './recommend';
import type { EvaluationTask } from './evaluate';
import { accuracyRows, TIME_FRAME_OF_HORIZON } from './metrics';
import { accuracyTable, timingTable } from './report';
import { oddsRows } from './oddsMetrics';
import { oddsTable, reliabilityTables } from './oddsReport';
import { runTasks } from './pool';
import type { FitTiming } from './timing';
import { dataFolders, readPriceFolders } from '../lib/marketData';
import { FIRST_ORIGIN } from '../odds/origins';
import { HORIZONS } from '../odds/tasks';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const TEN_YEARS = 2520;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    data: { type: 'string', multiple: true, default: [resolve(root, '../shared/market-data/daily')] },
  },
});
const ORIGINS_PER_STOCK = args.quick ? 12 : 50;
const QUICK_STOCKS = 6;
const TIMING_REPETITIONS = args.quick ? 5 : 20;
const folders = dataFolders(args.data!);

/** `count` origins spread evenly over the last ten years (or the whole history when shorter). */
function benchOrigins(length: number, horizon: number): number[] {
  const span = Math.min(TEN_YEARS, length - 1 - FIRST_ORIGIN) - horizon;
  const spacing = Math.max(1, Math.floor(span / ORIGINS_PER_STOCK));
  return walkForwardOrigins(length, horizon, ORIGINS_PER_STOCK, spacing, FIRST_ORIGIN);
}

function timeModel(modelId: string): FitTiming {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', resolve(here, 'timing.ts'), modelId, folders[0]!, String(TIMING_REPETITIONS)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as FitTiming;
}

async function main() {
  const started = performance.now();
  const allHistories = readPriceFolders(folders);
  const histories = args.quick ? allHistories.slice(0, QUICK_STOCKS) : allHistories;
  const tasks: EvaluationTask[] = histories.flatMap(({ symbol, dates, closes }) =>
    HORIZONS.flatMap((horizon) => {
      const origins = benchOrigins(closes.length, horizon);
      const timeFrame = TIME_FRAME_OF_HORIZON[horizon]!;
      return MODEL_IDS_FOR_BENCH.map((modelId) => ({ symbol, modelId, horizon, timeFrame, dates, closes, origins }));
    }),
  );
  const results = await runTasks(tasks);
  const accuracy = HORIZONS.flatMap((horizon) => accuracyRows(results, horizon));
  const odds = HORIZONS.flatMap((horizon) => oddsRows(results, horizon));
  const timings = MODEL_IDS_FOR_BENCH.map(timeModel);
  const defaults = recommendedDefaults(accuracy);
  const seconds = (performance.now() - started) / 1000;
  // CPU time of this process and its worker threads: unlike wall time, it does not depend on what else runs.
  const cpu = process.cpuUsage();
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const failures = results.flatMap((r) => r.failures.map((f) => `${r.modelId} ${r.horizon}d ${f}`));

  const markdown = [
    `Stocks: ${histories.length}, origins per stock and horizon: ${ORIGINS_PER_STOCK} (last ten years), ` +
      `horizons: ${HORIZONS.map((h) => `${h} (${TIME_FRAME_OF_HORIZON[h]})`).join(', ')}; ${seconds.toFixed(0)} s wall, ${cpuSeconds.toFixed(0)} s CPU (evaluation).`,
    '',
    accuracyTable(accuracy),
    '',
    'Chance of a hit, scored like a forecaster (Brier: lower is better; skill > 0 beats the climatological rate; ✗ misses a target of issue 24):',
    '',
    oddsTable(odds),
    '',
    'Reliability by decile of the predicted chance (mean predicted / observed hit rate / forecasts):',
    '',
    reliabilityTables(odds),
    '',
    `Fit + forecast time (horizon 30 d, ${TIMING_REPETITIONS} fits per size) and peak memory of a process running only that model:`,
    '',
    timingTable(timings),
    '',
    `Recommended defaults (lowest MASE per time frame): ${JSON.stringify(defaults)}`,
  ].join('\n');
  process.stdout.write(`${markdown}\n`);
  if (failures.length > 0) process.stderr.write(`Model failures:\n${failures.slice(0, 20).join('\n')}\n`);

  mkdirSync(resolve(root, 'bench/results'), { recursive: true });
  const report = {
    quick: args.quick,
    stocks: histories.map((h) => h.symbol),
    seconds,
    accuracy,
    odds,
    timings,
    defaults,
    failures,
  };
  writeFileSync(resolve(root, 'bench/results/models.json'), `${JSON.stringify(report, null, 2)}\n`);
}

await main();
