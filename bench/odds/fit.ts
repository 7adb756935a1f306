/**
 * `npm run bench:odds:fit [-- --data DIR ...] [-- --origins N] [-- --reuse]`: fits the calibration of the chance of a
 * hit on every stock in the folders (by default the 30 of ../shared/market-data/daily and the 148 of universe/), every
 * model pooled: a vintage for the day after CALIBRATION_END, fitted on the outcomes up to it, then one every year on
 * the outcomes known before its date, and writes functions/src/domain/odds/calibrationParams.json, and the evaluation
 * of those parameters with the worst of 4 held-out folds to publishedEvaluation.json beside it. Evaluates N origins
 * per stock and horizon (default 24) in the calibration period and bench:odds's 36 after it, and keeps them in
 * bench/results/odds-fit.json (`--reuse` fits those again without evaluating). Prints the first vintage's per-model
 * fits beside the shared one, so whether a model needs its own coefficients can be judged. `--folds K` (with
 * --reuse, in seconds) scores the methods on K groups of held-out stocks instead (bench/odds/heldOut.ts) and writes
 * no parameters.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { TimeFrame } from '@stockseer/contract';
import * as prettier from 'prettier';
import type { CalibrationCoefficients, CalibrationParams } from '../../functions/src/domain/odds/calibrationVintages';
import { markdownTable, RESULTS_DIR, writeResults } from '../lib/report';
import type { EvaluationResult } from '../models/evaluate';
import { readPriceFolders } from '../lib/marketData';
import { runTasks } from '../models/pool';
import { MODEL_IDS_FOR_BENCH } from '../models/recommend';
import { oddsRows } from '../models/oddsMetrics';
import { oddsTable } from '../models/oddsReport';
import { DEFAULT_ORIGINS, parseOddsArgs, ROOT, type OddsArgs, type OriginsPerStock } from './cli';
import { calibrationParams, fitCalibration, fitTasks, OWN_COEFFICIENT_MODELS } from './fitCalibration';
import {
  APP_INPUTS,
  calibrationSamples,
  dayAfter,
  fitCoefficients,
  fitVolatilityVintage,
  vintageChance,
} from './vintages';
import type { FittedChance } from './folds';
import type { HeldOutRowScores } from './heldOut';
import type { PublishedEvaluation } from '@stockseer/contract';
import { parseCalibrationParams } from '../../functions/src/domain/odds/calibrationVintages';
import { publishedEvaluation } from './published';
import { priceInputs, type PriceInputs } from './volatilityFit';
import { HORIZONS } from './tasks';
import { heldOutReport } from './heldOut';
import { calibrationMethod, CANDIDATE_INPUTS } from './oddsMethods';

/** The split: the first vintage fits outcomes on or before this date; bench:odds scores the origins after it. */
export const CALIBRATION_END = '2011-12-31';
const PARAMS_FILE = resolve(ROOT, 'functions/src/domain/odds/calibrationParams.json');
const EVALUATION_FILE = resolve(ROOT, 'functions/src/domain/odds/publishedEvaluation.json');
/** Held-out groups of the published evaluation's worst fold. */
const PUBLISHED_FOLDS = 4;

/** Formatted as the repository's prettier would, so `npm run lint` passes on a refitted file. */
async function writeFormatted(file: string, data: unknown) {
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  writeFileSync(file, await prettier.format(JSON.stringify(data), options));
}
const FORECASTS_FILE = resolve(RESULTS_DIR, 'odds-fit.json');

/** What bench/results/odds-fit.json keeps: the evaluated forecasts and what they were evaluated on. */
interface StoredForecasts {
  readonly calibrationEnd: string;
  readonly folders: string[];
  readonly originsPerStock?: OriginsPerStock;
  readonly results: EvaluationResult[];
}

/** The forecasts of the last run, for --reuse: they, not today's arguments, say what the fit was made on. */
function storedForecasts(): Required<StoredForecasts> {
  const stored = JSON.parse(readFileSync(FORECASTS_FILE, 'utf8')) as StoredForecasts;
  if (stored.calibrationEnd !== CALIBRATION_END || stored.originsPerStock === undefined) {
    throw new Error(
      `${FORECASTS_FILE} holds no forecasts after ${CALIBRATION_END} split as today's: run bench:odds:fit without --reuse`,
    );
  }
  return { ...stored, originsPerStock: stored.originsPerStock };
}

async function evaluatedForecasts(args: OddsArgs): Promise<Required<StoredForecasts>> {
  const all = readPriceFolders(args.folders);
  const histories = args.stocks ? all.slice(0, args.stocks) : all;
  const originsPerStock = { calibration: args.originsPerStock, evaluation: DEFAULT_ORIGINS.evaluation };
  const results = await runTasks(fitTasks(histories, args.models, originsPerStock, CALIBRATION_END));
  const stored = { calibrationEnd: CALIBRATION_END, folders: args.folders, originsPerStock, results };
  // Kept, so a change of the fit alone can be tried without evaluating again (--reuse).
  writeResults('odds-fit', stored);
  return stored;
}

/** Writes the published evaluation of `params`: its chances on every stock, and the worst of the held-out folds. */
async function writeEvaluation(
  results: readonly EvaluationResult[],
  prices: PriceInputs,
  params: CalibrationParams,
  folds: number,
  rows: readonly HeldOutRowScores[],
): Promise<PublishedEvaluation> {
  const appChance: FittedChance = (r, f) => {
    const [sample] = f.modelProbability === null ? [] : calibrationSamples([{ ...r, forecasts: [f] }], prices.inputsAt);
    return sample ? vintageChance(sample, params.vintages) : null;
  };
  const evaluation = publishedEvaluation(
    results,
    appChance,
    { count: folds, rows },
    {
      measuredOn: new Date().toISOString().slice(0, 10),
      parameterVersion: params.version,
      calibrationEnd: CALIBRATION_END,
    },
  );
  await writeFormatted(EVALUATION_FILE, evaluation);
  return evaluation;
}

function evaluationSummary(evaluation: PublishedEvaluation, folds: number): string {
  return [
    `Wrote ${EVALUATION_FILE}: per model and time frame, whether the worst of ${folds} held-out folds ` +
      'meets the Brier-skill and slope targets:',
    '',
    markdownTable(
      ['Time frame', 'Model', 'Brier skill (all / worst fold)', 'Slope (all / worst fold)', 'Meets targets'],
      evaluation.rows.map((r) => [
        r.timeFrame,
        r.modelId,
        `${r.brierSkill} / ${r.worstFold.brierSkill}`,
        `${r.slope} / ${r.worstFold.slope}`,
        r.meetsTargets ? 'yes' : 'no',
      ]),
    ),
  ].join('\n');
}

async function main() {
  const started = performance.now();
  const args = parseOddsArgs(DEFAULT_ORIGINS.calibration);
  const { folders, originsPerStock, results } = args.reuse ? storedForecasts() : await evaluatedForecasts(args);
  const prices = priceInputs(readPriceFolders(folders), HORIZONS);
  const stocks = new Set(results.map((r) => r.symbol)).size;
  const fitted = new Set(results.map((r) => r.modelId));
  const models = MODEL_IDS_FOR_BENCH.filter((m) => fitted.has(m));
  if (args.folds !== null) {
    const methods = CANDIDATE_INPUTS.map((inputs) => calibrationMethod(CALIBRATION_END, prices, inputs));
    const { markdown, perMethod } = heldOutReport(results, args.folds, methods, CALIBRATION_END, models);
    // The published evaluation of the parameters in use, with the app's method's worst fold.
    const app = CANDIDATE_INPUTS.findIndex((inputs) => JSON.stringify(inputs) === JSON.stringify(APP_INPUTS));
    const params = parseCalibrationParams(JSON.parse(readFileSync(PARAMS_FILE, 'utf8')));
    const evaluation = await writeEvaluation(results, prices, params, args.folds, perMethod[app]!.rows);
    process.stdout.write(`${markdown}\n\n${evaluationSummary(evaluation, args.folds)}\n`);
    return;
  }
  const vintages = fitCalibration(results, CALIBRATION_END, prices);
  const previous = JSON.parse(readFileSync(PARAMS_FILE, 'utf8')) as CalibrationParams;
  const params = calibrationParams(vintages, {
    previous: previous.version > 0 ? previous : null,
    calibrationEnd: CALIBRATION_END,
    fittedAt: new Date().toISOString().slice(0, 10),
    folders: folders.map((folder) => `../shared/market-data/${basename(folder)}`),
    stocks,
    models,
    originsPerStock,
  });
  await writeFormatted(PARAMS_FILE, params);

  // The published evaluation: the parameters just written on every stock, and the app's method on held-out folds.
  const folds = heldOutReport(
    results,
    PUBLISHED_FOLDS,
    [calibrationMethod(CALIBRATION_END, prices, APP_INPUTS)],
    CALIBRATION_END,
    models,
  );
  const evaluation = await writeEvaluation(results, prices, params, PUBLISHED_FOLDS, folds.perMethod[0]!.rows);

  // The first vintage's fit per set of models, on the outcomes known by the end of the calibration period.
  const samples = calibrationSamples(results, prices.inputsAt);
  const firstVolatility = fitVolatilityVintage(prices.volatility, dayAfter(CALIBRATION_END));
  const perModel = TimeFrame.options.flatMap((timeFrame) =>
    ['all', 'shared', ...models].map((modelId) => {
      const { coefficients: c, forecasts } = fitCoefficients(
        samples,
        timeFrame,
        dayAfter(CALIBRATION_END),
        { halfLifeYears: null },
        modelId === 'all'
          ? () => true
          : modelId === 'shared'
            ? (m) => !OWN_COEFFICIENT_MODELS.includes(m)
            : (m) => m === modelId,
        firstVolatility[timeFrame],
      );
      return [
        timeFrame,
        modelId,
        c.intercept.toFixed(3),
        c.modelLogit.toFixed(3),
        c.forecastLogit.toFixed(3),
        c.recentVolatility.toFixed(3),
        forecasts,
      ];
    }),
  );
  const calibrationPeriod = results.map((r) => ({
    ...r,
    forecasts: r.forecasts.filter((f) => f.targetDate <= CALIBRATION_END),
  }));
  const raw = HORIZONS.flatMap((h) => oddsRows(calibrationPeriod, h, (f) => f.modelProbability));
  const vintageRows = params.vintages.flatMap((v) =>
    TimeFrame.options.map((t) => {
      const own = (set: Record<TimeFrame, CalibrationCoefficients> | undefined) =>
        set ? `${set[t].intercept} / ${set[t].modelLogit} / ${set[t].forecastLogit} / ${set[t].recentVolatility}` : '';
      return [
        v.from,
        t,
        v.forecasts[t],
        `${v.volatility[t].intercept} / ${v.volatility[t].weights.join(' / ')}`,
        own(v.coefficients),
        ...OWN_COEFFICIENT_MODELS.map((m) => own(v.modelCoefficients[m])),
      ];
    }),
  );
  process.stdout.write(
    [
      `Calibration period: outcomes on or before ${CALIBRATION_END}; ${stocks} stocks, ` +
        `${originsPerStock.calibration} origins per stock and horizon before it, ${originsPerStock.evaluation} after; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s.`,
      '',
      `Wrote ${PARAMS_FILE} (version ${params.version}): per vintage, the volatility forecast (intercept / weights ` +
        'of ln realised vol over 5, 21, 63, 252 days) and the calibration (intercept / logit(model P) / ' +
        'logit(P under the volatility forecast) / recent volatility).',
      '',
      markdownTable(
        [
          'From',
          'Time frame',
          'Forecasts',
          'Volatility forecast',
          'Shared',
          ...OWN_COEFFICIENT_MODELS.map((m) => `${m} (own)`),
        ],
        vintageRows,
      ),
      '',
      'The first vintage fitted on every model pooled ("all"), the models of the shared volatility band ("shared", the file\'s ' +
        '`coefficients`), and each model alone (in-sample, for judging whether a model needs its own):',
      '',
      markdownTable(
        ['Time frame', 'Models', 'Intercept', 'logit(model P)', 'logit(forecast P)', 'Recent volatility', 'Forecasts'],
        perModel,
      ),
      '',
      "The model's own chance before calibration, on the calibration period (in-sample):",
      '',
      oddsTable(raw),
      '',
      evaluationSummary(evaluation, PUBLISHED_FOLDS),
      '',
      folds.markdown,
      '',
    ].join('\n'),
  );
}

if (process.argv[1]?.endsWith('fit.ts')) await main();
