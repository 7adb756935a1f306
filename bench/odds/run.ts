/**
 * `npm run bench:odds [-- --data DIR ...] [-- --origins N]`: the chance of a hit scored like a forecaster on the
 * evaluation period (origins after the calibration period of calibrationParams.json, each with the vintage of its
 * prediction date, fitted on the outcomes known before it), for every model and horizon,
 * per folder and over all of them: the app's calibrated chance ("after") and the one before issue 24 ("before") on
 * the same forecasts. Also the accuracy of the point forecasts on the same origins and the recommended model per
 * time frame. Prints markdown and writes bench/results/odds.json with every forecast (`forecasts`: stock, origin,
 * horizon, model, P(hit), outcome, ...), so any score can be recomputed; `--reuse` scores the forecasts of the last run
 * again with the current calibrationParams.json.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { CALIBRATION_PARAMS } from '../../functions/src/domain/odds/calibration';
import { readPriceFolders } from '../lib/marketData';
import { RESULTS_DIR, writeResults } from '../lib/report';
import type { EvaluationResult } from '../models/evaluate';
import { accuracyRows, TIME_FRAME_OF_HORIZON } from '../models/metrics';
import { forecastHit, oddsRows, previousChance, type Chance, type OddsRow } from '../models/oddsMetrics';
import { oddsTable, reliabilityTables, targetSummary } from '../models/oddsReport';
import { runTasks } from '../models/pool';
import { recommendedDefaults } from '../models/recommend';
import { accuracyTable } from '../models/report';
import { DEFAULT_ORIGINS, parseOddsArgs } from './cli';
import { HORIZONS, periodTasks } from './tasks';
import { calibrationSamples, vintageChance } from './vintages';
import { priceInputs, type PriceInputs } from './volatilityFit';

const RESULTS_FILE = resolve(RESULTS_DIR, 'odds.json');

/**
 * The app's chance of each stored forecast with the parameters of today: `calibratedHitProbability` is exactly
 * `recalibrate` of the forecast's inputs (its volatility forecast's from the closes up to its prediction date), with
 * the vintage of its prediction date.
 */
function rescored(results: EvaluationResult[], prices: PriceInputs): EvaluationResult[] {
  return results.map((r) => ({
    ...r,
    forecasts: r.forecasts.map((f) => {
      const [sample] =
        f.modelProbability === null ? [] : calibrationSamples([{ ...r, forecasts: [f] }], prices.inputsAt);
      return { ...f, hitProbability: sample ? vintageChance(sample, CALIBRATION_PARAMS.vintages) : null };
    }),
  }));
}

const rowsOf = (results: readonly EvaluationResult[], chance?: Chance): OddsRow[] =>
  HORIZONS.flatMap((h) => oddsRows(results, h, chance));

async function main() {
  const started = performance.now();
  const args = parseOddsArgs(DEFAULT_ORIGINS.evaluation);
  // The point forecasts' MASE is against naive at the same origins: fail now, not after the whole run.
  if (!args.models.includes('naive')) {
    throw new Error(`bench:odds needs naive among --models (the MASE baseline), e.g. --models ${args.models},naive`);
  }
  const all = readPriceFolders(args.folders);
  const histories = args.stocks ? all.slice(0, args.stocks) : all;
  const { calibrationEnd } = CALIBRATION_PARAMS;
  // --reuse: the forecasts of the last run, their chances recomputed with today's parameters (after a refit).
  const results = args.reuse
    ? rescored(
        (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { results: EvaluationResult[] }).results,
        priceInputs(histories, []),
      )
    : await runTasks(periodTasks(histories, args.models, args.originsPerStock, { kind: 'evaluation', calibrationEnd }));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage();

  const folderOf = new Map(histories.map((h) => [h.symbol, basename(h.folder)]));
  const groups = [...new Set(histories.map((h) => basename(h.folder)))];
  const byGroup = [
    ...(groups.length > 1 ? [{ name: groups.join(' + '), results }] : []),
    ...groups.map((name) => ({ name, results: results.filter((r) => folderOf.get(r.symbol) === name) })),
  ];
  const accuracy = HORIZONS.flatMap((h) => accuracyRows(results, h));
  const defaults = recommendedDefaults(accuracy);
  const sections = byGroup.map(({ name, results: mine }) => {
    const after = rowsOf(mine);
    const before = rowsOf(mine, previousChance);
    return { name, stocks: new Set(mine.map((r) => r.symbol)).size, after, before };
  });

  const markdown = [
    `Evaluation period: origins after ${calibrationEnd} (calibration parameters version ${CALIBRATION_PARAMS.version}: ` +
      `each forecast with the vintage of its prediction date, fitted on the outcomes before it); ` +
      `${histories.length} stocks, up to ${args.originsPerStock} origins per stock and horizon; ${seconds.toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU.`,
    ...sections.flatMap(({ name, stocks, after, before }) => [
      '',
      `## ${name} (${stocks} stocks): after (the app's chance now)`,
      '',
      targetSummary(after),
      '',
      oddsTable(after),
      '',
      `## ${name}: before (the chance before issue 24, same forecasts)`,
      '',
      targetSummary(before),
      '',
      oddsTable(before),
    ]),
    '',
    `## Reliability by decile, ${sections[0]!.name}, after (mean P % / hit rate % (forecasts))`,
    '',
    reliabilityTables(sections[0]!.after),
    '',
    `## Point forecasts on the same origins (${sections[0]!.name})`,
    '',
    accuracyTable(accuracy),
    '',
    `Recommended defaults (lowest MASE per time frame): ${JSON.stringify(defaults)}`,
  ].join('\n');
  process.stdout.write(`${markdown}\n`);

  const forecasts = results.flatMap((r) =>
    r.forecasts
      .filter((f) => f.forecast !== null)
      .map((f) => ({
        stock: r.symbol,
        originDate: f.predictionDate,
        targetDate: f.targetDate,
        horizon: r.horizon,
        timeFrame: TIME_FRAME_OF_HORIZON[r.horizon],
        model: r.modelId,
        p: f.hitProbability,
        outcome: forecastHit(f, r.horizon),
        modelP: f.modelProbability,
        recentVolatility: f.recentVolatility,
        previousP: f.previousProbability,
      })),
  );
  const file = writeResults('odds', {
    calibrationParams: CALIBRATION_PARAMS,
    folders: args.folders,
    originsPerStock: args.originsPerStock,
    seconds,
    sections,
    accuracy,
    defaults,
    failures: results.flatMap((r) => r.failures.map((f) => `${r.modelId} ${r.horizon}d ${f}`)),
    forecasts,
    results,
  });
  process.stderr.write(`Wrote ${file} (${forecasts.length} forecasts)\n`);
}

await main();
