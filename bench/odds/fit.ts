/**
 * `npm run bench:odds:fit [-- --data DIR ...] [-- --origins N]`: fits the calibration of the chance of a hit on the
 * calibration period (outcomes known by CALIBRATION_END) of every stock in the folders (by default the 30 of
 * ../shared/market-data/daily and the 148 of universe/), every model pooled, and writes
 * functions/src/domain/odds/calibrationParams.json. Prints the per-model fits beside the shared one, so whether a
 * model needs its own coefficients can be judged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { TimeFrame } from '@stockseer/contract';
import * as prettier from 'prettier';
import type { CalibrationParams } from '../../functions/src/domain/odds/calibration';
import { markdownTable, RESULTS_DIR, writeResults } from '../lib/report';
import type { EvaluationResult } from '../models/evaluate';
import { readPriceFolders } from '../lib/marketData';
import { runTasks } from '../models/pool';
import { oddsRows } from '../models/oddsMetrics';
import { oddsTable } from '../models/oddsReport';
import { parseOddsArgs, ROOT } from './cli';
import { calibrationParams, fitCalibration, fitCoefficients, OWN_COEFFICIENT_MODELS } from './fitCalibration';
import { HORIZONS, periodTasks } from './tasks';

/** The split: outcomes on or before this date are fitted on, origins after it evaluated (bench:odds). */
export const CALIBRATION_END = '2011-12-31';
const PARAMS_FILE = resolve(ROOT, 'functions/src/domain/odds/calibrationParams.json');
const FORECASTS_FILE = resolve(RESULTS_DIR, 'odds-fit.json');

async function main() {
  const started = performance.now();
  const args = parseOddsArgs(24);
  const all = readPriceFolders(args.folders);
  const histories = args.stocks ? all.slice(0, args.stocks) : all;
  // The evaluated forecasts are kept, so a change of the fit alone can be tried without evaluating again (--reuse).
  const results: EvaluationResult[] = args.reuse
    ? (JSON.parse(readFileSync(FORECASTS_FILE, 'utf8')) as { results: EvaluationResult[] }).results
    : await runTasks(
        periodTasks(histories, args.models, args.originsPerStock, {
          kind: 'calibration',
          calibrationEnd: CALIBRATION_END,
        }),
      );
  if (!args.reuse) writeResults('odds-fit', { calibrationEnd: CALIBRATION_END, folders: args.folders, results });
  const fit = fitCalibration(results, CALIBRATION_END);
  const previous = JSON.parse(readFileSync(PARAMS_FILE, 'utf8')) as CalibrationParams;
  const params = calibrationParams(fit, {
    previous: previous.version > 0 ? previous : null,
    calibrationEnd: CALIBRATION_END,
    fittedAt: new Date().toISOString().slice(0, 10),
    folders: args.folders.map((folder) => `../shared/market-data/${basename(folder)}`),
    stocks: histories.length,
    models: args.models,
    originsPerStock: args.originsPerStock,
  });
  // Formatted as the repository's prettier would, so `npm run lint` passes on a refitted file.
  const options = { ...(await prettier.resolveConfig(PARAMS_FILE)), filepath: PARAMS_FILE };
  writeFileSync(PARAMS_FILE, await prettier.format(JSON.stringify(params), options));

  const perModel = TimeFrame.options.flatMap((timeFrame) =>
    ['all', 'shared', ...args.models].map((modelId) => {
      const { coefficients: c, forecasts } = fitCoefficients(
        results,
        timeFrame,
        CALIBRATION_END,
        modelId === 'all'
          ? undefined
          : modelId === 'shared'
            ? (m) => !OWN_COEFFICIENT_MODELS.includes(m)
            : (m) => m === modelId,
      );
      return [
        timeFrame,
        modelId,
        c.intercept.toFixed(3),
        c.modelLogit.toFixed(3),
        c.recentVolatility.toFixed(3),
        forecasts,
      ];
    }),
  );
  const raw = HORIZONS.flatMap((h) => oddsRows(results, h, (f) => f.modelProbability));
  process.stdout.write(
    [
      `Calibration period: outcomes on or before ${CALIBRATION_END}; ${histories.length} stocks, ` +
        `${args.originsPerStock} origins per stock and horizon; ${((performance.now() - started) / 1000).toFixed(0)} s.`,
      '',
      `Wrote ${PARAMS_FILE} (version ${params.version}).`,
      '',
      'Fitted coefficients: every model pooled ("all"), the models of the shared volatility band ("shared", the file\'s ' +
        '`coefficients`), and each model alone (in-sample, for judging whether a model needs its own):',
      '',
      markdownTable(
        ['Time frame', 'Models', 'Intercept', 'logit(model P)', 'Recent volatility', 'Forecasts'],
        perModel,
      ),
      '',
      "The model's own chance before calibration, on the calibration period (in-sample):",
      '',
      oddsTable(raw),
      '',
    ].join('\n'),
  );
}

if (process.argv[1]?.endsWith('fit.ts')) await main();
