/**
 * `npm run bench:odds:methods [-- --evaluation] [FILE ...]`: compares ways of refitting the calibration walk-forward
 * on stored forecasts (by default bench/results/odds-fit.json, the last run of bench:odds:fit, which holds both
 * periods; other files must not repeat its forecasts), in seconds and without evaluating any model: every scored
 * forecast gets the chance of the newest vintage dated on or before its prediction date, each vintage fitted only on outcomes whose target date is before
 * its own date. By default the check stays inside the calibration period (vintages from CHECK_START on, outcomes up
 * to CALIBRATION_END), where a method is chosen; `--evaluation` scores the origins after CALIBRATION_END.
 * "Expanding, yearly" is the app's method (calibrationParams.json); "fitted once" keeps the first vintage for ever,
 * the app's method before version 3.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RESULTS_DIR } from '../lib/report';
import type { EvaluationResult } from '../models/evaluate';
import { readPriceFolders } from '../lib/marketData';
import { priceInputs } from './volatilityFit';
import { TIME_FRAME_OF_HORIZON } from '../models/metrics';
import { oddsScores, type OddsRow } from '../models/oddsMetrics';
import { oddsTable, targetSummary } from '../models/oddsReport';
import type { CalibrationVintage } from '../../functions/src/domain/odds/calibrationVintages';
import { CALIBRATION_END } from './fit';
import { OWN_COEFFICIENT_MODELS } from './fitCalibration';
import { HORIZONS } from './tasks';
import {
  calibrationSamples,
  dayAfter,
  fitVintage,
  refitDates,
  vintageChance,
  type CalibrationSample,
  type Recency,
} from './vintages';

/** What a stored run holds: its forecasts and the price folders they were made on. */
interface StoredForecasts {
  readonly folders: string[];
  readonly results: EvaluationResult[];
}

/** The first vintage of the check inside the calibration period: five years of outcomes before it, six after. */
const CHECK_START = '2006-01-01';

interface Method {
  readonly name: string;
  readonly recency: Recency;
  /** Months between refits; null fits once, at the start of the scored period (the method of version 1). */
  readonly refitMonths: number | null;
}

const METHODS: readonly Method[] = [
  { name: 'fitted once (versions 1 and 2)', recency: { halfLifeYears: null }, refitMonths: null },
  { name: 'expanding, yearly (the app since version 3)', recency: { halfLifeYears: null }, refitMonths: 12 },
  { name: 'half-life 4 y, yearly', recency: { halfLifeYears: 4 }, refitMonths: 12 },
  { name: 'half-life 2 y, yearly', recency: { halfLifeYears: 2 }, refitMonths: 12 },
  { name: 'half-life 1 y, yearly', recency: { halfLifeYears: 1 }, refitMonths: 12 },
  { name: 'half-life 2 y, quarterly', recency: { halfLifeYears: 2 }, refitMonths: 3 },
  { name: 'half-life 1 y, quarterly', recency: { halfLifeYears: 1 }, refitMonths: 3 },
];

function walkForwardChances(scored: readonly CalibrationSample[], vintages: readonly CalibrationVintage[]) {
  return scored.map((sample) => ({
    p: vintageChance(sample, vintages),
    hit: sample.hit,
    day: sample.predictionDate,
    sample,
  }));
}

function rows(chances: ReturnType<typeof walkForwardChances>): OddsRow[] {
  return HORIZONS.flatMap((horizon) => {
    const ofHorizon = chances.filter((c) => c.sample.timeFrame === TIME_FRAME_OF_HORIZON[horizon]);
    return [...new Set(ofHorizon.map((c) => c.sample.modelId))].map((modelId) => ({
      modelId,
      horizon,
      ...oddsScores(ofHorizon.filter((c) => c.sample.modelId === modelId)),
    }));
  });
}

function main() {
  const { values, positionals } = parseArgs({
    options: { evaluation: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const files = positionals.length > 0 ? positionals : [resolve(RESULTS_DIR, 'odds-fit.json')];
  const stored = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as StoredForecasts);
  const prices = priceInputs(readPriceFolders([...new Set(stored.flatMap((s) => s.folders))]), HORIZONS);
  const samples = stored.flatMap((s) => calibrationSamples(s.results, prices.inputsAt));
  const lastTarget = samples.reduce((last, s) => (s.targetDate > last ? s.targetDate : last), '');
  const [start, end, scored]: [string, string, CalibrationSample[]] = values.evaluation
    ? [dayAfter(CALIBRATION_END), lastTarget, samples.filter((s) => s.predictionDate > CALIBRATION_END)]
    : [
        CHECK_START,
        CALIBRATION_END,
        samples.filter((s) => s.predictionDate >= CHECK_START && s.targetDate <= CALIBRATION_END),
      ];
  const known = { samples: samples.filter((s) => s.targetDate <= end), volatility: prices.volatility };
  process.stdout.write(
    `${values.evaluation ? 'Evaluation period' : 'Check inside the calibration period'}: ${scored.length} forecasts ` +
      `scored from ${start}, ${known.samples.length} outcomes to fit on up to ${end}.\n`,
  );
  for (const method of METHODS) {
    const dates = method.refitMonths === null ? [start] : refitDates(start, end, method.refitMonths);
    const vintages = dates.map((from) => fitVintage(known, from, method.recency, OWN_COEFFICIENT_MODELS));
    const table = rows(walkForwardChances(scored, vintages));
    const brier = table.reduce((sum, row) => sum + row.brier, 0) / table.length;
    process.stdout.write(
      `\n### ${method.name}\n\n${targetSummary(table)} Mean Brier ${brier.toFixed(5)}.\n\n${oddsTable(table)}\n`,
    );
  }
}

if (process.argv[1]?.endsWith('methods.ts')) main();
