import { z } from 'zod';
import { Cents, IsoDate, TimeFrame } from './common';
import { ForecastTerms, ModelId } from './predictions';

/**
 * What the next Generate click would give and cost (issue 12, "the price of the next click, before it"). The
 * server decides `cost` with the same ledger rule as generate, on the wallet as it is now.
 */
export const PredictionCost = z.discriminatedUnion('kind', [
  /** The caller already has this forecast today: generating again returns it and moves no money. */
  z.object({ kind: z.literal('duplicate'), predictionId: z.string() }),
  /** One of the monthly free predictions (`allowance` says how many are left). */
  z.object({ kind: z.literal('free') }),
  /** $1 reserved, charged only on a hit: `expectedCostCents` = amount x chance of a hit. */
  z.object({ kind: z.literal('reserve'), amountCents: Cents, expectedCostCents: Cents }),
  /** Generate would answer 402 with `message`; `balanceCents` is what the wallet holds. */
  z.object({ kind: z.literal('insufficient'), amountCents: Cents, balanceCents: Cents, message: z.string() }),
]);
export type PredictionCost = z.infer<typeof PredictionCost>;

/** `GET /api/predictions/preview?symbol&modelId&timeFrame`. */
export const PredictionPreview = z.object({
  symbol: z.string(),
  /** "recommended" resolved. */
  modelId: ModelId,
  modelName: z.string(),
  timeFrame: TimeFrame,
  hitProbability: z.number().min(0).max(1),
  /**
   * The terms of the forecast a generate would store, the very numbers (issue 24): from the last close the forecast
   * would use (`predictionDate`), it hits if the close on `targetDate` lies in `hitLow..hitHigh`
   * (docs/product.md#hit-rule). `lowerPrice..upperPrice` is its 80% range.
   */
  ...ForecastTerms.shape,
  cost: PredictionCost,
  /** The caller's free predictions left this month and when they are renewed, for the info note. */
  allowance: z.object({ freeLeft: z.number().int().min(0), resetDate: IsoDate }),
});
export type PredictionPreview = z.infer<typeof PredictionPreview>;
