import { z } from 'zod';
import { IsoDate, IsoDateTime, TimeFrame } from './common';
import { Symbol } from './stocks';
import { TrackRecordSummary } from './trackRecord';
import { Wallet } from './wallet';

/**
 * The model that actually made a prediction. `naive` (no change) and `drift` are baselines: users cannot pick
 * them, but back-tests store them so a model's accuracy can be judged against them.
 */
export const ModelId = z.enum(['prophet', 'arima', 'xgboost', 'naive', 'drift']);
export type ModelId = z.infer<typeof ModelId>;

/**
 * What a user picks (docs/product.md#generating-a-prediction). `recommended` is resolved to the admin's default for the
 * timeframe before fitting.
 */
export const ModelChoice = z.enum(['recommended', 'prophet', 'arima', 'xgboost']);
export type ModelChoice = z.infer<typeof ModelChoice>;
/** Every model's name, written once: what a prediction stores as `modelName` and every list or filter shows. */
export const MODEL_LABELS: Record<ModelId, string> = {
  prophet: 'Prophet',
  arima: 'ARIMA',
  xgboost: 'XGBoost',
  naive: 'Naive (no change)',
  drift: 'Random walk with drift',
};
export const MODEL_CHOICE_NAMES: Record<ModelChoice, string> = {
  recommended: 'Recommended',
  prophet: MODEL_LABELS.prophet,
  arima: MODEL_LABELS.arima,
  xgboost: MODEL_LABELS.xgboost,
};

/** How a prediction names its model: "Recommended (ARIMA)" when it was asked as recommended, else "ARIMA". */
export function predictionModelName(p: Pick<Prediction, 'modelName' | 'modelChoice'>): string {
  return p.modelChoice === 'recommended' ? `${MODEL_CHOICE_NAMES.recommended} (${p.modelName})` : p.modelName;
}

export { HIT_BAND_FRACTION } from './rules';

/** `historical` = one origin of a back-test; `future` = a user's paid or free forecast. */
export const PredictionType = z.enum(['historical', 'future']);
export type PredictionType = z.infer<typeof PredictionType>;

/** `cancelled`: still open when its owner closed the account; never resolved, a paid one's $1 given back. */
export const PredictionStatus = z.enum(['active', 'hit', 'missed', 'cancelled']);
export type PredictionStatus = z.infer<typeof PredictionStatus>;

/** Prices are dollars (split-adjusted, as of `predictionDate`); money moved for it is in the wallet's ledger. */
export const Prediction = z.object({
  id: z.string(),
  symbol: z.string(),
  modelId: ModelId,
  modelName: z.string(),
  /**
   * What was asked for: "recommended" when the admin's default chose `modelId`; a back-test record names the model
   * it tests. Absent on predictions stored before it was sent.
   */
  modelChoice: ModelChoice.optional(),
  timeFrame: TimeFrame,
  predictionType: PredictionType,
  /** The date of the last close the model saw. */
  predictionDate: IsoDate,
  priceAtPrediction: z.number().positive(),
  /** The `TIME_FRAME_DAYS[timeFrame]`-th NYSE trading day after `predictionDate`. */
  targetDate: IsoDate,
  targetPrice: z.number(),
  /** The model's 80% interval. */
  lowerPrice: z.number(),
  upperPrice: z.number(),
  /** The hit range, fixed when the prediction is made so a later change of bands never rewrites history. */
  hitLow: z.number(),
  hitHigh: z.number(),
  /** The close on `targetDate`; null while `status` is `active`. */
  actualPrice: z.number().nullable(),
  status: PredictionStatus,
  isFree: z.boolean(),
  /**
   * The calibrated chance (0..1) that the close on `targetDate` lands in `hitLow..hitHigh`, fixed when the prediction
   * is made (docs/product.md#chance-of-a-hit). Null only on predictions made before the odds existed: they are never
   * rewritten.
   */
  hitProbability: z.number().min(0).max(1).nullable().default(null),
  /** The owner of a `future` prediction; null for `historical` ones, which belong to no one. */
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type Prediction = z.infer<typeof Prediction>;

/**
 * What a forecast promises, fixed when it is made (docs/product.md#hit-rule): the cost preview states it before the
 * click, the prediction stores it, the chart draws it.
 */
export const ForecastTerms = Prediction.pick({
  predictionDate: true,
  priceAtPrediction: true,
  targetDate: true,
  targetPrice: true,
  lowerPrice: true,
  upperPrice: true,
  hitLow: true,
  hitHigh: true,
});
export type ForecastTerms = z.infer<typeof ForecastTerms>;

/** The three picks of the Predictions tab: they select both what is listed and what "Generate" makes. */
const PredictionSelection = z.object({ symbol: Symbol, modelId: ModelChoice, timeFrame: TimeFrame });

/** Query of the Past/New prediction lists. */
export const PredictionListQuery = PredictionSelection;
export type PredictionListQuery = z.infer<typeof PredictionListQuery>;

/** `POST /api/predictions/generate` body. */
export const GeneratePredictionRequest = PredictionSelection;
export type GeneratePredictionRequest = z.infer<typeof GeneratePredictionRequest>;

/**
 * The wallet comes back too, because generating used an allowance or reserved $1. `duplicate` is true when the
 * caller already had this forecast (same stock, concrete model, timeframe and prediction date): it is returned as
 * it was, and no money moved (docs/product.md#one-forecast-one-charge).
 */
export const GeneratePredictionResponse = z.object({
  prediction: Prediction,
  wallet: Wallet,
  duplicate: z.boolean().default(false),
});
export type GeneratePredictionResponse = z.infer<typeof GeneratePredictionResponse>;

/** `GET /api/predictions/future` and `/user`: the caller's own predictions. */
export const PredictionList = z.array(Prediction);

/**
 * `GET /api/predictions/historical`: the walk-forward back-test (docs/product.md#past-predictions), newest target
 * first, how the naive "no change" and drift forecasts did on the same dates, so a user can judge the model against
 * doing nothing, and how users' own forecasts of the model did (the live track record).
 */
const BaselineHits = z.object({ hits: z.number().int().min(0), resolved: z.number().int().min(0) });

/**
 * How users' own forecasts of one model and timeframe did once resolved (all users together, no personal data), with
 * the reliability chart's deciles: the daily maintenance adds each forecast as it resolves.
 */
export const LiveTrackRecord = TrackRecordSummary;
export type LiveTrackRecord = TrackRecordSummary;

export const HistoricalPredictions = z.object({
  predictions: z.array(Prediction),
  naiveBaseline: BaselineHits,
  /** The random walk with drift on the same dates: the baseline no model beats by much (docs/model-accuracy.md). */
  driftBaseline: BaselineHits,
  liveTrackRecord: LiveTrackRecord,
});
export type HistoricalPredictions = z.infer<typeof HistoricalPredictions>;

export type CostLabel = 'Free' | 'Reserved $1' | 'Fee $1' | 'No Fee';

/** What a prediction cost its owner, as its card and the history table show it (docs/product.md#cost-label). */
export function costLabel(prediction: Pick<Prediction, 'isFree' | 'status'>): CostLabel {
  if (prediction.isFree) return 'Free';
  switch (prediction.status) {
    case 'active':
      return 'Reserved $1';
    case 'hit':
      return 'Fee $1';
    case 'missed':
    case 'cancelled':
      return 'No Fee';
  }
}
