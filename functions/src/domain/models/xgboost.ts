/**
 * Gradient-boosted trees (`ml-xgboost`, a 2018 WebAssembly build) predicting the h-day log return from the
 * features of the last day. One model per horizon. The trees learn deviations from the long-run drift (base
 * score 0 on labels minus drift), and the result is shrunk toward that drift: most of what trees find in daily
 * prices is noise. The 80% interval comes from the residuals of a held-out, later validation split, scaled by
 * volatility so a calm validation period does not narrow a stormy forecast.
 */
import { createRequire } from 'node:module';
import type XGBoostReady from 'ml-xgboost';
import type { XGBoostBooster, XGBoostOptions } from 'ml-xgboost';
import { AppError } from '../errors';
import { driftPerDay, shrinkTowardDrift } from './baselines';
import { FEATURE_LOOKBACK, FeatureSeries } from './features';
import { defineModel, Z80 } from './result';
import { quantile, tail } from './series';
import type { ForecastModel } from './types';
import { MODEL_LABELS } from '@stockseer/contract';

type Booster = new (options: XGBoostOptions) => XGBoostBooster;

/** Five years of closes: enough rows for shallow trees, recent enough to matter. */
const FIT_WINDOW = 1260;
const VALIDATION_SHARE = 0.2;
const VOLATILITY_SPAN = 63;
/** Share of the trees' deviation from drift that is kept (at 0.5 the 7-day forecast was worse than naive). */
const MODEL_WEIGHT = 0.3;
/**
 * Validation residuals overlap by h days, so they hold about (rows / h) independent periods: few at long horizons.
 * Their spread is blended with the normal value Z80 as if the latter were worth this many periods.
 */
const PRIOR_PERIODS = 10;
/** Shallow, heavily regularised and slow-learning: daily prices are mostly noise, and noise is what deep trees learn. */
const BOOSTER_OPTIONS: XGBoostOptions = {
  booster: 'gbtree',
  objective: 'reg:linear',
  max_depth: 2,
  eta: 0.05,
  min_child_weight: 30,
  lambda: 10,
  subsample: 1,
  colsample_bytree: 1,
  base_score: 0,
  seed: 1,
  silent: 1,
  iterations: 60,
};

interface Sample {
  readonly day: number;
  readonly features: number[];
  readonly label: number;
}

function samplesOf(series: FeatureSeries, horizon: number): Sample[] {
  const samples: Sample[] = [];
  // A label needs the close h days later, so the last h days cannot be training rows (no look-ahead).
  for (let day = FEATURE_LOOKBACK; day + horizon < series.length; day++) {
    samples.push({ day, features: series.row(day), label: series.futureReturn(day, horizon) });
  }
  return samples;
}

/** Trains on labels relative to `drift`, predicts the given rows, and always frees the WebAssembly model. */
function fitPredict(XGBoost: Booster, train: readonly Sample[], rows: number[][], drift: number): number[] {
  const booster = new XGBoost(BOOSTER_OPTIONS);
  try {
    booster.train(
      train.map((sample) => sample.features),
      train.map((sample) => sample.label - drift),
    );
    return booster.predict(rows).map((deviation) => shrinkTowardDrift(drift, drift + deviation, MODEL_WEIGHT));
  } finally {
    booster.free();
  }
}

/**
 * Half the 10%-90% spread of validation residuals, in units of (daily volatility x sqrt(h)). The spread, not the
 * quantiles themselves: a validation period with a one-sided bias would otherwise give an interval that excludes
 * the forecast.
 */
function standardizedHalfWidth(
  XGBoost: Booster,
  series: FeatureSeries,
  samples: readonly Sample[],
  horizon: number,
  drift: number,
) {
  const validationStart = Math.floor(samples.length * (1 - VALIDATION_SHARE));
  // Purge the last h training rows: their labels overlap the validation period.
  const train = samples.slice(0, Math.max(0, validationStart - horizon));
  const validation = samples.slice(validationStart);
  const predictions = fitPredict(
    XGBoost,
    train,
    validation.map((sample) => sample.features),
    drift,
  );
  const residuals = validation.map((sample, i) => {
    const scale = series.dailyVolatility(sample.day, VOLATILITY_SPAN) * Math.sqrt(horizon);
    return (sample.label - predictions[i]!) / scale;
  });
  const validationHalfWidth = (quantile(residuals, 0.9) - quantile(residuals, 0.1)) / 2;
  const periods = validation.length / horizon;
  return (periods * validationHalfWidth + PRIOR_PERIODS * Z80) / (periods + PRIOR_PERIODS);
}

export function createXgboostModel(XGBoost: Booster): ForecastModel {
  return defineModel({
    id: 'xgboost',
    name: MODEL_LABELS.xgboost,
    minCloses: FEATURE_LOOKBACK + 250,
    predict(closes, horizon) {
      const series = new FeatureSeries(tail(closes, FIT_WINDOW));
      const samples = samplesOf(series, horizon);
      if (samples.length < 100) {
        throw new AppError('model_failed', `XGBoost needs more history for a ${horizon}-day horizon`);
      }
      const drift = driftPerDay(closes) * horizon;
      const halfWidth = standardizedHalfWidth(XGBoost, series, samples, horizon, drift);
      const lastDay = series.length - 1;
      const [point] = fitPredict(XGBoost, samples, [series.row(lastDay)], drift);
      const scale = series.dailyVolatility(lastDay, VOLATILITY_SPAN) * Math.sqrt(horizon);
      return { point: point!, lower: point! - halfWidth * scale, upper: point! + halfWidth * scale };
    },
  });
}

export async function loadXgboostModel(): Promise<ForecastModel> {
  // require, not import(): the package's CommonJS export is a promise, which ESM interop layers (vitest's among
  // them) mangle when they wrap it as a module namespace.
  const ready = withoutStreamingCompile(() => createRequire(import.meta.url)('ml-xgboost') as typeof XGBoostReady);
  return createXgboostModel(await ready);
}

/**
 * The package's Emscripten loader starts compiling its wasm while it is required: it tries
 * `WebAssembly.instantiateStreaming(fetch(path))` first, which Node refuses (fetch takes URLs, not paths), prints
 * "wasm streaming compile failed ... falling back to ArrayBuffer instantiation" in every worker, then reads the
 * file's bytes. Without the streaming API for that synchronous require, it reads the bytes straight away, quietly.
 */
function withoutStreamingCompile<T>(load: () => T): T {
  // Node has the API; this package's TypeScript setup (no DOM library) does not declare it.
  const wasm = (globalThis as unknown as { WebAssembly: { instantiateStreaming?: unknown } }).WebAssembly;
  const streaming = wasm.instantiateStreaming;
  wasm.instantiateStreaming = undefined;
  try {
    return load();
  } finally {
    wasm.instantiateStreaming = streaming;
  }
}
