/**
 * Prophet (`@bsull/augurs` with the Stan optimizer compiled to WebAssembly) on log prices. Only closes reach the
 * model, so time is counted in trading days and calendar seasonalities are off. The forecast is the fitted
 * trend's change from the last day to the target day, applied to the last close (Prophet's fitted level can sit
 * away from the last price, and that gap is not a forecast), then shrunk toward the long-run drift.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Prophet as ProphetClass, ProphetOptions } from '@bsull/augurs/prophet';
import { AppError } from '../errors';
import { driftPerDay, shrinkTowardDrift } from './baselines';
import { defineModel } from './result';
import { tail } from './series';
import type { ForecastModel } from './types';
import { bandAround } from './volatility';
import { MODEL_LABELS } from '@stockseer/contract';

type ProphetConstructor = typeof ProphetClass;

/** Two years of closes: the trend that matters is recent, and the fit time grows with the length. */
const FIT_WINDOW = 500;
/** Share of Prophet's departure from drift kept: extrapolated recent trends rarely beat the long-run drift. */
const TREND_WEIGHT = 0.3;
/** Few changepoints and a capped L-BFGS run: 5-10x faster than the defaults, same trends on stock prices. */
const CHANGEPOINTS = 10;
const OPTIMIZER_ITERATIONS = 300;
const SECONDS_PER_DAY = 86_400;
const OFF = { type: 'manual', enabled: false } as const;

type Scaling = NonNullable<ProphetOptions['scaling']>;
type ProphetOptimizer = ProphetOptions['optimizer'];

/** Fitted log price at the last day and at the target day. Throws what the optimizer throws (it can trap). */
function fitTrend(
  Prophet: ProphetConstructor,
  optimizer: ProphetOptimizer,
  logCloses: number[],
  horizon: number,
  scaling: Scaling,
) {
  const prophet = new Prophet({
    optimizer,
    scaling,
    yearlySeasonality: OFF,
    weeklySeasonality: OFF,
    dailySeasonality: OFF,
    nChangepoints: CHANGEPOINTS,
    uncertaintySamples: 0,
  });
  try {
    const ds = logCloses.map((_, day) => day * SECONDS_PER_DAY);
    prophet.fit({ ds, y: logCloses }, { seed: 1, iter: OPTIMIZER_ITERATIONS });
    const last = logCloses.length - 1;
    const { yhat } = prophet.predict({ ds: [last * SECONDS_PER_DAY, (last + horizon) * SECONDS_PER_DAY] });
    const [atLast, atTarget] = yhat.point;
    return { atLast: atLast ?? Number.NaN, atTarget: atTarget ?? Number.NaN };
  } finally {
    prophet.free();
  }
}

export function createProphetModel(Prophet: ProphetConstructor, optimizer: ProphetOptimizer): ForecastModel {
  return defineModel({
    id: 'prophet',
    name: MODEL_LABELS.prophet,
    minCloses: 60,
    predict(closes, horizon) {
      const logCloses = tail(closes, FIT_WINDOW).map(Math.log);
      let trend;
      try {
        trend = fitTrend(Prophet, optimizer, logCloses, horizon, 'absMax');
      } catch {
        // The default scaling can make the L-BFGS optimizer trap on some series; min-max scaling usually fits.
        try {
          trend = fitTrend(Prophet, optimizer, logCloses, horizon, 'minMax');
        } catch (error) {
          throw new AppError('model_failed', 'Prophet could not fit this price history', { cause: error });
        }
      }
      const point = shrinkTowardDrift(driftPerDay(closes) * horizon, trend.atTarget - trend.atLast, TREND_WEIGHT);
      return bandAround(closes, horizon, point);
    },
  });
}

export async function loadProphetModel(): Promise<ForecastModel> {
  const augurs = await import('@bsull/augurs/prophet');
  // The bindings' default loader fetches the wasm by URL, which Node cannot; hand it the bytes instead.
  const bindings = createRequire(import.meta.url).resolve('@bsull/augurs/prophet');
  augurs.initSync({ module: readFileSync(bindings.replace(/prophet\.js$/, 'prophet_bg.wasm')) });
  // The optimizer package instantiates its wasm with top-level await when imported.
  const { optimizer } = await import('@bsull/augurs-prophet-wasmstan');
  return createProphetModel(augurs.Prophet, optimizer);
}
