/**
 * The chance of a hit scored like a forecaster (issues 12 and 24), per model and horizon: the Brier score and its
 * skill against the climatological rate, calibration-in-the-large, the expected calibration error over deciles,
 * the largest decile gap, and the calibration slope and intercept.
 */
import { logit } from '../../functions/src/domain/odds/calibration';
import { hitRange, resolveOutcome } from '../../functions/src/domain/predictions/hitRule';
import { logisticRegression } from '../odds/logistic';
import type { EvaluatedForecast, EvaluationResult } from './evaluate';
import { TIME_FRAME_OF_HORIZON } from './metrics';

export interface ReliabilityBin {
  readonly meanPredicted: number;
  readonly observed: number;
  readonly count: number;
}

/** One chance and what happened (1 = hit). */
export interface ScoredOdds {
  readonly p: number;
  readonly hit: number;
}

export interface OddsScores {
  readonly forecasts: number;
  readonly brier: number;
  /** Brier score of the climatological forecast: the sample's own hit rate h for every forecast, h (1 - h). */
  readonly climatologyBrier: number;
  /** 1 - brier / climatologyBrier: above 0, the chance of a hit says more than the base rate. */
  readonly skill: number;
  readonly meanPredicted: number;
  readonly hitRate: number;
  /** Mean P minus hit rate: above 0, the chances are too high on average. */
  readonly calibrationInTheLarge: number;
  /** Forecast-weighted mean of |mean P - hit rate| over the deciles of P. */
  readonly ece: number;
  /** Largest |mean P - hit rate| over the deciles holding at least ODDS_TARGETS.minDecileCount forecasts; null if none. */
  readonly largestDecileGap: number | null;
  /** Logistic regression of the outcome on logit P: slope 1 and intercept 0 when calibrated; slope < 1 = too spread. */
  readonly slope: number;
  readonly intercept: number;
  readonly reliability: ReliabilityBin[];
}

export interface OddsRow extends OddsScores {
  readonly modelId: string;
  readonly horizon: number;
}

/** Issue 24's targets, for every model and horizon on the evaluation period. */
export const ODDS_TARGETS = {
  minSkill: 0.02,
  maxCalibrationInTheLarge: 0.02,
  maxEce: 0.025,
  maxDecileGap: 0.04,
  minDecileCount: 500,
  slope: [0.9, 1.1],
} as const;

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** Equal-count bins of the forecasts sorted by P (deciles by default). */
export function reliability(scored: readonly ScoredOdds[], bins = 10): ReliabilityBin[] {
  const sorted = [...scored].sort((a, b) => a.p - b.p);
  return Array.from({ length: bins }, (_, bin) => {
    const part = sorted.slice(Math.floor((bin * sorted.length) / bins), Math.floor(((bin + 1) * sorted.length) / bins));
    return { meanPredicted: mean(part.map((s) => s.p)), observed: mean(part.map((s) => s.hit)), count: part.length };
  });
}

/** Expected calibration error: the forecast-weighted mean gap between predicted and observed over the bins. */
export function expectedCalibrationError(bins: readonly ReliabilityBin[]): number {
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  return bins.reduce(
    (sum, bin) => sum + (bin.count === 0 ? 0 : (bin.count / total) * Math.abs(bin.meanPredicted - bin.observed)),
    0,
  );
}

/** Calibration slope and intercept: the logistic regression of the outcome on logit P. */
export function calibrationSlope(scored: readonly ScoredOdds[]): { slope: number; intercept: number } {
  const [intercept, slope] = logisticRegression(
    scored.map((s) => [logit(s.p)]),
    scored.map((s) => s.hit),
  );
  return { slope: slope!, intercept: intercept! };
}

export function oddsScores(scored: readonly ScoredOdds[]): OddsScores {
  const hitRate = mean(scored.map((s) => s.hit));
  const meanPredicted = mean(scored.map((s) => s.p));
  const brier = mean(scored.map((s) => (s.p - s.hit) ** 2));
  const climatologyBrier = hitRate * (1 - hitRate);
  const bins = reliability(scored);
  const counted = bins.filter((bin) => bin.count >= ODDS_TARGETS.minDecileCount);
  return {
    forecasts: scored.length,
    brier,
    climatologyBrier,
    skill: 1 - brier / climatologyBrier,
    meanPredicted,
    hitRate,
    calibrationInTheLarge: meanPredicted - hitRate,
    ece: expectedCalibrationError(bins),
    largestDecileGap:
      counted.length === 0 ? null : Math.max(...counted.map((bin) => Math.abs(bin.meanPredicted - bin.observed))),
    ...calibrationSlope(scored),
    reliability: bins,
  };
}

/** Which of ODDS_TARGETS a row meets. */
export function targetsMet(row: OddsScores) {
  return {
    skill: row.skill >= ODDS_TARGETS.minSkill,
    calibrationInTheLarge: Math.abs(row.calibrationInTheLarge) <= ODDS_TARGETS.maxCalibrationInTheLarge,
    ece: row.ece <= ODDS_TARGETS.maxEce,
    /** Null when no decile is large enough to judge. */
    largestDecileGap: row.largestDecileGap === null ? null : row.largestDecileGap <= ODDS_TARGETS.maxDecileGap,
    slope: row.slope >= ODDS_TARGETS.slope[0] && row.slope <= ODDS_TARGETS.slope[1],
  };
}

/** Whether a forecast hit under the app's rule. */
export function forecastHit(f: EvaluatedForecast, horizon: number): number {
  const timeFrame = TIME_FRAME_OF_HORIZON[horizon]!;
  return resolveOutcome(hitRange(f.priceAtPrediction, f.forecast!.targetPrice, timeFrame), f.actualPrice) === 'hit'
    ? 1
    : 0;
}

/** Which chance of a forecast to score: the app's (default), or the one before issue 24. */
export type Chance = (f: EvaluatedForecast) => number | null;
export const appChance: Chance = (f) => f.hitProbability;
export const previousChance: Chance = (f) => f.previousProbability;

export function oddsRows(results: readonly EvaluationResult[], horizon: number, chance: Chance = appChance): OddsRow[] {
  const ofHorizon = results.filter((r) => r.horizon === horizon);
  const modelIds = [...new Set(ofHorizon.map((r) => r.modelId))];
  return modelIds.map((modelId) => {
    const scored = ofHorizon
      .filter((r) => r.modelId === modelId)
      .flatMap((r) => r.forecasts)
      .flatMap((f) =>
        f.forecast === null || chance(f) === null ? [] : [{ p: chance(f)!, hit: forecastHit(f, horizon) }],
      );
    return { modelId, horizon, ...oddsScores(scored) };
  });
}
