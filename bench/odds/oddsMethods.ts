/** The methods of turning the models' forecasts into chances that bench:odds:fit --folds compares on held-out stocks. */
import { recalibrate } from '../../functions/src/domain/odds/calibration';
import {
  vintageCoefficients,
  vintageFor,
  type CalibrationVintage,
} from '../../functions/src/domain/odds/calibrationVintages';
import { TIME_FRAME_OF_HORIZON } from '../models/metrics';
import { fitCalibration } from './fitCalibration';
import type { OddsMethod } from './folds';

/** The calibration of calibrationParams.json version 3: logit(model P) and the recent-volatility input. */
export function recentVolatilityMethod(calibrationEnd: string): OddsMethod<CalibrationVintage[]> {
  return {
    name: 'version 3: logit(model P) + ln(21-day vol / band vol)',
    fit(train) {
      const vintages = fitCalibration(train, calibrationEnd);
      return {
        params: vintages,
        chance: (r, f) =>
          f.modelProbability === null
            ? null
            : recalibrate(
                f.modelProbability,
                { recentVolatility: f.recentVolatility! },
                vintageCoefficients(
                  vintageFor(vintages, f.predictionDate),
                  r.modelId,
                  TIME_FRAME_OF_HORIZON[r.horizon]!,
                ),
              ),
      };
    },
  };
}
