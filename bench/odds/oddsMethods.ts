/** The methods of turning the models' forecasts into chances that bench:odds:fit --folds compares on held-out stocks. */
import { vintageFor, type CalibrationVintage } from '../../functions/src/domain/odds/calibrationVintages';
import { fitCalibration } from './fitCalibration';
import type { OddsMethod } from './folds';
import { calibrationSamples, chanceWith, type CalibrationInput } from './vintages';
import type { PriceInputs } from './volatilityFit';

const INPUT_NAMES: Record<CalibrationInput, string> = {
  forecastLogit: 'logit(P under the volatility forecast)',
  recentVolatility: 'ln(21-day vol / band vol)',
};

/**
 * The calibration reading logit(model P) and `inputs`, its vintages and volatility forecast fitted on the training
 * stocks only: ['recentVolatility'] is version 3's, APP_INPUTS the app's.
 */
export function calibrationMethod(
  calibrationEnd: string,
  prices: PriceInputs,
  inputs: readonly CalibrationInput[],
): OddsMethod<CalibrationVintage[]> {
  return {
    name: ['logit(model P)', ...inputs.map((i) => INPUT_NAMES[i])].join(' + '),
    fit(train) {
      const vintages = fitCalibration(train, calibrationEnd, prices, inputs);
      return {
        params: vintages,
        chance: (r, f) => {
          if (f.modelProbability === null) return null;
          const [sample] = calibrationSamples([{ ...r, forecasts: [f] }], prices.inputsAt);
          // A calibration-period forecast gets the first vintage, fitted on that period's other stocks.
          return chanceWith(sample!, vintageFor(vintages, sample!.predictionDate));
        },
      };
    },
  };
}

/** The candidates compared on held-out stocks: version 3's inputs, and the volatility forecast's with and without. */
export const CANDIDATE_INPUTS: readonly (readonly CalibrationInput[])[] = [
  ['recentVolatility'],
  ['forecastLogit'],
  ['forecastLogit', 'recentVolatility'],
];
