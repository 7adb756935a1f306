import { z } from 'zod';
import { IsoDate, TimeFrame } from './common';
import { ModelId } from './predictions';

/**
 * The evaluation of the chance of a hit with the calibration parameters in use, written by `npm run bench:odds:fit`
 * (functions/src/domain/odds/publishedEvaluation.json): per model and time frame, the evaluation period of every
 * stock the parameters were fitted on, and the worst of the groups of stocks held out from the fit.
 */
export const ReliabilityDecile = z.object({
  meanChance: z.number().min(0).max(1),
  hitRate: z.number().min(0).max(1),
  forecasts: z.number().int().nonnegative(),
});
export type ReliabilityDecile = z.infer<typeof ReliabilityDecile>;

export const PublishedEvaluationRow = z.object({
  modelId: ModelId,
  timeFrame: TimeFrame,
  forecasts: z.number().int().positive(),
  hitRate: z.number().min(0).max(1),
  meanChance: z.number().min(0).max(1),
  /** 1 - Brier score / the Brier score of always stating the hit rate: below 0, worse than that. */
  brierSkill: z.number(),
  /** Of the outcome on logit(chance): 1 when the chances spread as the outcomes do, below 1 too spread. */
  slope: z.number(),
  /** Ten equal-count groups by chance, lowest first. */
  reliability: z.array(ReliabilityDecile).length(10),
  /** The same figures in the held-out group of stocks furthest from each target. */
  worstFold: z.object({ brierSkill: z.number(), slope: z.number() }),
  /** Whether the worst fold meets the Brier-skill (>= 0.02) and slope (0.85 to 1.15) targets. */
  meetsTargets: z.boolean(),
});
export type PublishedEvaluationRow = z.infer<typeof PublishedEvaluationRow>;

export const PublishedEvaluation = z.object({
  measuredOn: IsoDate,
  /** The calibration parameters' version these figures are of. */
  parameterVersion: z.number().int().positive(),
  /** Forecasts made after this date are the evaluation period. */
  calibrationEnd: IsoDate,
  stocks: z.number().int().positive(),
  folds: z.number().int().min(2),
  rows: z.array(PublishedEvaluationRow),
});
export type PublishedEvaluation = z.infer<typeof PublishedEvaluation>;
