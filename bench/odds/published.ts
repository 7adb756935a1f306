/**
 * The published evaluation (functions/src/domain/odds/publishedEvaluation.json, contract PublishedEvaluation): per
 * model and time frame, the chances of the parameters in use on every stock's evaluation period, and the worst fold
 * of the held-out check, with whether it meets the Brier-skill and slope targets.
 */
import { PublishedEvaluation, type ModelId } from '@stockseer/contract';
import type { EvaluationResult } from '../models/evaluate';
import { TIME_FRAME_OF_HORIZON } from '../models/metrics';
import { scoredForecasts, type FittedChance } from './folds';
import { heldOutScores, worstFolds } from './heldOutMetrics';
import type { HeldOutRowScores } from './heldOut';

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

export function publishedEvaluation(
  results: readonly EvaluationResult[],
  chance: FittedChance,
  folds: { count: number; rows: readonly HeldOutRowScores[] },
  context: { measuredOn: string; parameterVersion: number; calibrationEnd: string },
): PublishedEvaluation {
  const all = scoredForecasts(results, context.calibrationEnd, 'evaluation', () => ({ fold: -1, chance }));
  return PublishedEvaluation.parse({
    ...context,
    stocks: new Set(results.map((r) => r.symbol)).size,
    folds: folds.count,
    rows: folds.rows.map(({ model, horizon, perFold }) => {
      const s = heldOutScores(all.filter((f) => f.model === model && f.horizon === horizon));
      const worst = worstFolds(perFold);
      return {
        modelId: model as ModelId,
        timeFrame: TIME_FRAME_OF_HORIZON[horizon]!,
        forecasts: s.forecasts,
        hitRate: round(s.hitRate),
        meanChance: round(s.meanPredicted),
        brierSkill: round(s.skill),
        slope: round(s.slope, 3),
        reliability: s.reliability.map((bin) => ({
          meanChance: round(bin.meanPredicted),
          hitRate: round(bin.observed),
          forecasts: bin.count,
        })),
        worstFold: {
          brierSkill: round(perFold[worst.skill.fold]!.skill),
          slope: round(perFold[worst.slope.fold]!.slope, 3),
        },
        meetsTargets: worst.skill.met && worst.slope.met,
      };
    }),
  });
}
