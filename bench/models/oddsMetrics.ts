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

/** One chance and what happened (1 = hit), and the day it was stated on when known. */
export interface ScoredOdds {
  readonly p: number;
  readonly hit: number;
  readonly day?: string;
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
  /**
   * Standard error of calibrationInTheLarge with the forecasts of one day as one cluster (null without days):
   * the outcomes of a day move together with the market, so a thousand forecasts on a few days say little more
   * than those few days.
   */
  readonly calibrationInTheLargeError: number | null;
  /** How many different days the forecasts were made on (null without days). */
  readonly days: number | null;
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

/**
 * The cluster-robust standard error of mean(P - hit) with one cluster per day: sqrt(G / (G - 1) x sum over days of
 * (sum of the day's residuals from the mean)^2) / n. With one forecast a day it is the usual standard error.
 */
export function clusteredError(scored: readonly ScoredOdds[]): { error: number; days: number } | null {
  if (scored.some((s) => s.day === undefined)) return null;
  const average = mean(scored.map((s) => s.p - s.hit));
  const byDay = new Map<string, number>();
  for (const s of scored) byDay.set(s.day!, (byDay.get(s.day!) ?? 0) + (s.p - s.hit - average));
  const days = byDay.size;
  if (days < 2) return null;
  const sumOfSquares = [...byDay.values()].reduce((sum, x) => sum + x * x, 0);
  return { error: Math.sqrt((days / (days - 1)) * sumOfSquares) / scored.length, days };
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
  const clustered = clusteredError(scored);
  return {
    forecasts: scored.length,
    brier,
    climatologyBrier,
    skill: 1 - brier / climatologyBrier,
    meanPredicted,
    hitRate,
    calibrationInTheLarge: meanPredicted - hitRate,
    calibrationInTheLargeError: clustered?.error ?? null,
    days: clustered?.days ?? null,
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
        f.forecast === null || chance(f) === null
          ? []
          : [{ p: chance(f)!, hit: forecastHit(f, horizon), day: f.predictionDate }],
      );
    return { modelId, horizon, ...oddsScores(scored) };
  });
}
