/**
 * The chance of a hit scored like a forecaster (issue 12): the Brier score of the app's P(hit) against what
 * happened, beside the Brier score of the climatological forecast (the constant hit rate of the same model and
 * horizon over all stocks, fitted only on outcomes known before each forecast's date), the skill score, and a
 * reliability table by decile of the predicted chance.
 */
import { hitRange, resolveOutcome } from '../../functions/src/domain/predictions/hitRule';
import type { EvaluatedForecast, EvaluationResult } from './evaluate';
import { TIME_FRAME_OF_HORIZON } from './metrics';

export interface ReliabilityBin {
  readonly meanPredicted: number;
  readonly observed: number;
  readonly count: number;
}

export interface OddsRow {
  readonly modelId: string;
  readonly horizon: number;
  /** Forecasts scored: every one with a P(hit) made after the first outcome of its horizon was known. */
  readonly forecasts: number;
  readonly brier: number;
  readonly climatologyBrier: number;
  /** 1 - brier / climatologyBrier: above 0, the chance of a hit says more than the base rate. */
  readonly skill: number;
  readonly meanPredicted: number;
  readonly hitRate: number;
  readonly reliability: ReliabilityBin[];
}

/** The bar: a decile with at least this many forecasts ... */
export const RELIABILITY_MIN_COUNT = 50;
/** ... must be within this of its observed rate. */
export const RELIABILITY_TOLERANCE = 0.05;

interface Scored {
  readonly predictionDate: string;
  readonly targetDate: string;
  readonly p: number;
  readonly hit: number;
}

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** For each forecast, the pooled hit rate of the outcomes whose target date is before its prediction date. */
function climatology(scored: readonly Scored[]): (number | null)[] {
  const byTarget = [...scored].sort((a, b) => a.targetDate.localeCompare(b.targetDate));
  const order = scored
    .map((_, i) => i)
    .sort((a, b) => scored[a]!.predictionDate.localeCompare(scored[b]!.predictionDate));
  const rates: (number | null)[] = new Array(scored.length).fill(null);
  let known = 0;
  let hits = 0;
  for (const i of order) {
    while (known < byTarget.length && byTarget[known]!.targetDate < scored[i]!.predictionDate) {
      hits += byTarget[known]!.hit;
      known += 1;
    }
    rates[i] = known === 0 ? null : hits / known;
  }
  return rates;
}

function reliability(scored: readonly { p: number; hit: number }[], bins = 10): ReliabilityBin[] {
  const sorted = [...scored].sort((a, b) => a.p - b.p);
  return Array.from({ length: bins }, (_, bin) => {
    const part = sorted.slice(Math.floor((bin * sorted.length) / bins), Math.floor(((bin + 1) * sorted.length) / bins));
    return { meanPredicted: mean(part.map((s) => s.p)), observed: mean(part.map((s) => s.hit)), count: part.length };
  });
}

export function oddsRows(results: readonly EvaluationResult[], horizon: number): OddsRow[] {
  const timeFrame = TIME_FRAME_OF_HORIZON[horizon]!;
  const ofHorizon = results.filter((r) => r.horizon === horizon);
  const modelIds = [...new Set(ofHorizon.map((r) => r.modelId))];
  return modelIds.map((modelId) => {
    const made = ofHorizon
      .filter((r) => r.modelId === modelId)
      .flatMap((r) => r.forecasts)
      .filter(
        (f): f is EvaluatedForecast & { hitProbability: number } => f.forecast !== null && f.hitProbability !== null,
      );
    const scored: Scored[] = made.map((f) => ({
      predictionDate: f.predictionDate,
      targetDate: f.targetDate,
      p: f.hitProbability,
      hit:
        resolveOutcome(hitRange(f.priceAtPrediction, f.forecast!.targetPrice, timeFrame), f.actualPrice) === 'hit'
          ? 1
          : 0,
    }));
    const base = climatology(scored);
    const kept = scored.flatMap((s, i) => (base[i] === null ? [] : [{ ...s, base: base[i]! }]));
    const brier = mean(kept.map((s) => (s.p - s.hit) ** 2));
    const climatologyBrier = mean(kept.map((s) => (s.base - s.hit) ** 2));
    return {
      modelId,
      horizon,
      forecasts: kept.length,
      brier,
      climatologyBrier,
      skill: 1 - brier / climatologyBrier,
      meanPredicted: mean(kept.map((s) => s.p)),
      hitRate: mean(kept.map((s) => s.hit)),
      reliability: reliability(kept),
    };
  });
}

/** Deciles that break the bar: at least RELIABILITY_MIN_COUNT forecasts and off by more than the tolerance. */
export function unreliableBins(row: OddsRow): ReliabilityBin[] {
  return row.reliability.filter(
    (bin) => bin.count >= RELIABILITY_MIN_COUNT && Math.abs(bin.meanPredicted - bin.observed) > RELIABILITY_TOLERANCE,
  );
}
