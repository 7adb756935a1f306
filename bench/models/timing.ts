/**
 * Fit-time probe, run as its own process per model so that its peak memory (max RSS) belongs to that model alone
 * and no other work competes for the CPU. Usage: tsx bench/models/timing.ts <modelId> <dataFolder> <repetitions>
 * Prints one JSON line: FitTiming.
 */
import { loadModel } from '../../functions/src/domain/models/registry';
import type { ModelId } from '../../functions/src/domain/models/types';
import { median, quantile } from '../../functions/src/domain/models/series';
import { readPriceFolder } from '../lib/marketData';

export const TIMING_SIZES = [500, 1000, 2500] as const;
export const TIMING_HORIZON = 30;

export interface FitTiming {
  readonly modelId: ModelId;
  /** Milliseconds per fit + forecast, by number of closes. */
  readonly bySize: Record<string, { medianMs: number; p95Ms: number; fits: number }>;
  readonly peakRssMb: number;
}

async function main() {
  const [modelId, folder, repetitionsArg] = process.argv.slice(2);
  const model = await loadModel(modelId as ModelId);
  const histories = readPriceFolder(folder!).filter((h) => h.closes.length >= 2500 + 100);
  const repetitions = Number(repetitionsArg);
  const bySize: FitTiming['bySize'] = {};
  // Untimed warm-up fits: the first calls pay for JIT compilation and WebAssembly memory growth.
  for (let i = 0; i < 3; i++) model.forecast({ closes: histories[i]!.closes.slice(-1000), horizon: TIMING_HORIZON });
  for (const size of TIMING_SIZES) {
    const times: number[] = [];
    for (let i = 0; i < repetitions; i++) {
      // Different stocks and end dates, so the timing is not one lucky series.
      const { closes } = histories[i % histories.length]!;
      const end = closes.length - 1 - ((i * 37) % 100);
      const start = performance.now();
      model.forecast({ closes: closes.slice(end + 1 - size, end + 1), horizon: TIMING_HORIZON });
      times.push(performance.now() - start);
    }
    bySize[size] = { medianMs: median(times), p95Ms: quantile(times, 0.95), fits: times.length };
  }
  const timing: FitTiming = {
    modelId: modelId as ModelId,
    bySize,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(timing)}\n`);
}

if (process.argv[1]?.endsWith('timing.ts')) await main();
