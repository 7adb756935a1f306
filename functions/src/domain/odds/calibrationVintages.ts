/**
 * The parameter file of the calibration (calibrationParams.json, written by `npm run bench:odds:fit`): a vintage of
 * coefficients and of the volatility forecast per year, each fitted only on outcomes whose target date is before the vintage's date, on the
 * forecasts of every stock the fit was given (an expanding window: every older outcome counts, alike). A prediction is
 * calibrated with the newest vintage dated on or before its prediction date, so its P(hit) uses no outcome that was
 * unknown on that day; a prediction made today uses the newest vintage, fitted on every outcome before its 1 January.
 * The schema is the file's type and its check: the app refuses to start on a file it cannot read.
 */
import { z } from 'zod';
import type { TimeFrame } from '@stockseer/contract';
import { ModelId } from '@stockseer/contract';
import { addCalendarDays } from '../calendar';
import { assertInvariant } from '../errors';
import { REALISED_WINDOWS } from './volatilityForecast';

const Coefficients = z.object({
  intercept: z.number(),
  modelLogit: z.number(),
  forecastLogit: z.number(),
  recentVolatility: z.number(),
});
/**
 * The recalibration of one time frame: logit P = intercept + modelLogit x logit(model P) + forecastLogit x
 * logit(P under the volatility forecast) + recentVolatility x v.
 */
export type CalibrationCoefficients = z.infer<typeof Coefficients>;

/** The volatility forecast of one time frame (volatilityForecast.ts): one weight per realised window. */
const Volatility = z.object({
  intercept: z.number(),
  weights: z.array(z.number()).length(REALISED_WINDOWS.length),
});

/** One value per time frame, all three required. */
const perTimeFrame = <T extends z.ZodType>(value: T) => z.object({ short: value, medium: value, long: value });
const PerTimeFrame = perTimeFrame(Coefficients);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const Vintage = z.object({
  /** Serves predictions dated from this day until the next vintage's; fitted on outcomes dated before it. */
  from: IsoDate,
  /** Forecasts fitted on, per time frame, every model. */
  forecasts: perTimeFrame(z.number().int()),
  /** The volatility forecast per time frame, fitted on the outcomes dated before `from`. */
  volatility: perTimeFrame(Volatility),
  /** For every model not in `modelCoefficients`. */
  coefficients: PerTimeFrame,
  /** Models with coefficients of their own. */
  modelCoefficients: z.partialRecord(ModelId, PerTimeFrame),
});
export type CalibrationVintage = z.infer<typeof Vintage>;

export const CalibrationParamsSchema = z.object({
  version: z.number().int().positive(),
  method: z.string(),
  /** The first vintage's outcomes end on this date: the evaluation period (bench:odds) starts after it. */
  calibrationEnd: IsoDate,
  fittedAt: IsoDate,
  fittedOn: z.object({
    folders: z.array(z.string()),
    stocks: z.number().int(),
    models: z.array(z.string()),
    /** Origins per stock and horizon before and after calibrationEnd. */
    originsPerStock: z.object({ calibration: z.number().int(), evaluation: z.number().int() }),
  }),
  /** Oldest first. */
  vintages: z.array(Vintage).min(1),
});
export type CalibrationParams = z.infer<typeof CalibrationParamsSchema>;

/** The file, read and checked: vintages strictly in date order, the first the day after calibrationEnd. */
export function parseCalibrationParams(raw: unknown): CalibrationParams {
  const params = CalibrationParamsSchema.parse(raw);
  const dates = params.vintages.map((v) => v.from);
  assertInvariant(
    dates.every((from, i) => i === 0 || dates[i - 1]! < from),
    () => `calibration vintages out of order: ${dates.join(', ')}`,
  );
  // So a date before the first vintage is inside the calibration period, the only one the first vintage may serve.
  assertInvariant(
    dates[0] === addCalendarDays(params.calibrationEnd, 1),
    'the first calibration vintage starts the day after calibrationEnd',
  );
  return params;
}

/**
 * The vintage serving a prediction made on `predictionDate`: the newest dated on or before it. A date before the
 * first vintage is inside the calibration period (parseCalibrationParams) and gets the first: there is no older fit.
 */
export function vintageFor(vintages: readonly CalibrationVintage[], predictionDate: string): CalibrationVintage {
  return vintages.findLast((v) => v.from <= predictionDate) ?? vintages[0]!;
}

/** A vintage's coefficients for a model and time frame: the model's own, or the shared ones. */
export function vintageCoefficients(
  vintage: Pick<CalibrationVintage, 'coefficients' | 'modelCoefficients'>,
  modelId: ModelId,
  timeFrame: TimeFrame,
): CalibrationCoefficients {
  return (vintage.modelCoefficients[modelId] ?? vintage.coefficients)[timeFrame];
}
