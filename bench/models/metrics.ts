/**
 * Accuracy figures per model and horizon. MASE here is relative to the naive forecast on the same origins:
 * sum |model error| / sum |naive error| per stock, then averaged over stocks (1.00 = as good as "no change").
 * The other figures pool every forecast of every stock.
 */
import { hitRange, resolveOutcome } from '../../functions/src/domain/predictions/hitRule';
import type { TimeFrame } from '@stockseer/contract';
import type { EvaluationResult } from './evaluate';

export const TIME_FRAME_OF_HORIZON: Record<number, TimeFrame> = { 7: 'short', 30: 'medium', 90: 'long' };

export interface AccuracyRow {
  readonly modelId: string;
  readonly horizon: number;
  readonly stocks: number;
  readonly forecasts: number;
  readonly failures: number;
  readonly mase: number;
  /** Stocks on which the model's MASE is above 1 (worse than naive). */
  readonly stocksWorseThanNaive: number;
  readonly mape: number;
  /** Share of forecasts that called the direction of the move right; null for "no change" forecasts. */
  readonly directionalAccuracy: number | null;
  /** Share of origins after which the price went up: what "always up" would score. */
  readonly upBaseRate: number;
  readonly coverage80: number;
  readonly hitRate: number;
}

const sum = (xs: readonly number[]) => xs.reduce((total, x) => total + x, 0);
const share = (flags: readonly boolean[]) =>
  flags.length === 0 ? Number.NaN : flags.filter(Boolean).length / flags.length;

function absoluteErrors(result: EvaluationResult, keep: ReadonlySet<number>): number[] {
  return result.forecasts
    .filter((f) => keep.has(f.origin))
    .map((f) => Math.abs(f.forecast!.targetPrice - f.actualPrice));
}

/** `results` for one horizon, all models including `naive`. Origins where any model failed are left out of MASE. */
export function accuracyRows(results: readonly EvaluationResult[], horizon: number): AccuracyRow[] {
  const timeFrame = TIME_FRAME_OF_HORIZON[horizon];
  if (!timeFrame) throw new Error(`no time frame for horizon ${horizon}`);
  const ofHorizon = results.filter((r) => r.horizon === horizon);
  const naiveBySymbol = new Map(ofHorizon.filter((r) => r.modelId === 'naive').map((r) => [r.symbol, r]));
  const modelIds = [...new Set(ofHorizon.map((r) => r.modelId))];
  return modelIds.map((modelId) => {
    const mine = ofHorizon.filter((r) => r.modelId === modelId);
    const stockMase = mine.map((result) => {
      const naive = naiveBySymbol.get(result.symbol);
      if (!naive) throw new Error(`no naive results for ${result.symbol}`);
      const both = new Set(result.forecasts.filter((f) => f.forecast).map((f) => f.origin));
      return sum(absoluteErrors(result, both)) / sum(absoluteErrors(naive, both));
    });
    const made = mine.flatMap((r) => r.forecasts).filter((f) => f.forecast !== null);
    const moved = made.filter((f) => f.forecast!.targetPrice !== f.priceAtPrediction);
    return {
      modelId,
      horizon,
      stocks: mine.length,
      forecasts: made.length,
      failures: sum(mine.map((r) => r.failures.length)),
      mase: sum(stockMase) / stockMase.length,
      stocksWorseThanNaive: stockMase.filter((m) => m > 1).length,
      mape:
        (100 * sum(made.map((f) => Math.abs(f.forecast!.targetPrice - f.actualPrice) / f.actualPrice))) / made.length,
      directionalAccuracy:
        moved.length === 0
          ? null
          : share(
              moved.map((f) => f.forecast!.targetPrice > f.priceAtPrediction === f.actualPrice > f.priceAtPrediction),
            ),
      upBaseRate: share(made.map((f) => f.actualPrice > f.priceAtPrediction)),
      coverage80: share(
        made.map((f) => f.forecast!.lowerPrice <= f.actualPrice && f.actualPrice <= f.forecast!.upperPrice),
      ),
      hitRate: share(
        made.map(
          (f) =>
            resolveOutcome(hitRange(f.priceAtPrediction, f.forecast!.targetPrice, timeFrame), f.actualPrice) === 'hit',
        ),
      ),
    };
  });
}
