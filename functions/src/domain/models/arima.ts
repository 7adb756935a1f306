/**
 * ARIMA on daily log returns (the `arima` package, a WebAssembly port of ctsa). The package is fragile: p = q = 0
 * returns garbage and the optimizer can diverge without an error, so every candidate fit is guarded and a few
 * orders compete by AIC. ARIMA supplies the short-run dynamics (how the next days' returns depart from the
 * window's mean); the mean itself comes from the long-run drift, because a two-year mean return is mostly noise.
 * When no candidate survives, the forecast is the drift alone.
 */
import type ArimaConstructor from 'arima';
import { driftPerDay } from './baselines';
import { defineModel } from './result';
import { logReturns, mean, tail, variance } from './series';
import type { ForecastModel } from './types';
import { bandAround } from './volatility';
import { MODEL_LABELS } from '@stockseer/contract';

type Arima = typeof ArimaConstructor;

/** Two years of returns: enough for a handful of coefficients, short enough to fit in a few tens of ms. */
const FIT_WINDOW = 500;
/** Candidate (p, q) orders, d = 0 on returns; never p = q = 0 (the package mishandles it). */
const ORDERS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, 1],
  [1, 1],
  [2, 0],
];
/** A step forecast further than this many daily standard deviations from the mean return has exploded. */
const MAX_STEP_SIGMAS = 3;

interface Candidate {
  readonly aic: number;
  /** Sum over the horizon of the forecast returns minus the window's mean return. */
  readonly cumulativeDeviation: number;
}

/**
 * Fits one order; null when the fit throws or its forecast is non-finite or explodes. AIC uses the innovation
 * variance the package reports as the one-step forecast error: n ln(sigma^2) + 2k, k = p + q + mean + variance.
 */
export function fitOrder(
  ARIMA: Arima,
  returns: readonly number[],
  p: number,
  q: number,
  horizon: number,
): Candidate | null {
  if (p + q === 0) throw new Error('ARIMA order with p = q = 0 is not allowed');
  const scale = Math.sqrt(variance(returns));
  const center = mean(returns);
  let model: InstanceType<Arima> | undefined;
  try {
    model = new ARIMA({ p, d: 0, q, verbose: false }).train([...returns]);
    const [steps, errors] = model.predict(horizon);
    const innovationVariance = errors[0];
    const sane =
      steps.length === horizon &&
      steps.every((step) => Number.isFinite(step) && Math.abs(step - center) <= MAX_STEP_SIGMAS * scale) &&
      innovationVariance !== undefined &&
      Number.isFinite(innovationVariance) &&
      innovationVariance > 0;
    if (!sane) return null;
    const aic = returns.length * Math.log(innovationVariance) + 2 * (p + q + 2);
    return { aic, cumulativeDeviation: steps.reduce((sum, step) => sum + step - center, 0) };
  } catch {
    return null;
  } finally {
    model?.destroy();
  }
}

export function createArimaModel(ARIMA: Arima): ForecastModel {
  return defineModel({
    id: 'arima',
    name: MODEL_LABELS.arima,
    minCloses: 60,
    predict(closes, horizon) {
      const returns = logReturns(tail(closes, FIT_WINDOW + 1));
      let best: Candidate | null = null;
      // A flat series has no variance to model; the fit would divide by zero.
      if (variance(returns) > 0) {
        for (const [p, q] of ORDERS) {
          const candidate = fitOrder(ARIMA, returns, p, q, horizon);
          if (candidate && (!best || candidate.aic < best.aic)) best = candidate;
        }
      }
      const point = driftPerDay(closes) * horizon + (best?.cumulativeDeviation ?? 0);
      return bandAround(closes, horizon, point);
    },
  });
}

export async function loadArimaModel(): Promise<ForecastModel> {
  const { default: ARIMA } = await import('arima');
  return createArimaModel(ARIMA);
}
