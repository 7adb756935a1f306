/**
 * `npm run bench:odds:fit -- --reuse --folds K`: each method fitted per fold on the other folds' stocks and scored on
 * the fold's own stocks in the evaluation period (bench/odds/folds.ts); prints every fold's table, the worst fold per
 * row and which rows meet each target, and writes bench/results/odds-folds.json with every forecast and its fold.
 */
import { markdownTable, writeResults } from '../lib/report';
import type { EvaluationResult } from '../models/evaluate';
import { heldOutForecasts, stockFold, type FoldForecast, type OddsMethod } from './folds';
import {
  heldOutScores,
  heldOutTable,
  logLoss,
  worstFoldSummary,
  worstFoldTable,
  type HeldOutScores,
} from './heldOutMetrics';
import { HORIZONS } from './tasks';

export interface HeldOutRowScores {
  readonly model: string;
  readonly horizon: number;
  readonly perFold: HeldOutScores[];
}

/** Per model and horizon (in `models` order), the scores of each fold's held-out forecasts. */
export function rowsPerFold(
  forecasts: readonly FoldForecast[],
  folds: number,
  models: readonly string[],
): HeldOutRowScores[] {
  return HORIZONS.flatMap((horizon) =>
    models.map((model) => {
      const row = forecasts.filter((f) => f.horizon === horizon && f.model === model);
      const perFold = Array.from({ length: folds }, (_, fold) => heldOutScores(row.filter((f) => f.fold === fold)));
      return { model, horizon, perFold };
    }),
  );
}

/** The report of every method on the same folds, as markdown; the forecasts and scores go to odds-folds.json. */
export function heldOutReport(
  results: readonly EvaluationResult[],
  folds: number,
  methods: readonly OddsMethod[],
  calibrationEnd: string,
  models: readonly string[],
): { markdown: string; perMethod: { method: string; rows: HeldOutRowScores[] }[] } {
  const symbols = [...new Set(results.map((r) => r.symbol))].sort();
  const members = Array.from({ length: folds }, (_, fold) => symbols.filter((s) => stockFold(s, folds) === fold));
  const sections: string[] = [
    `Folds: a stock's fold is floor(K x hash("fold:" + symbol)) (bench/odds/folds.ts), ${folds} folds of ` +
      `${members.map((m) => m.length).join(' / ')} stocks; each fold's parameters fitted on the other folds' stocks.`,
  ];
  const perMethod = methods.map((method) => {
    const forecasts = heldOutForecasts(results, folds, method, calibrationEnd);
    const calibration = heldOutForecasts(results, folds, method, calibrationEnd, 'calibration');
    const rows = rowsPerFold(forecasts, folds, models);
    return { method: method.name, rows, forecasts, calibration };
  });
  sections.push(
    '',
    '## Log loss of the held-out chances, every fold pooled (lower is better): calibration period / evaluation period',
    '',
    markdownTable(
      ['Horizon', 'Model', ...perMethod.map((m) => m.method)],
      HORIZONS.flatMap((horizon) =>
        models.map((model) => [
          `${horizon} d`,
          model,
          ...perMethod.map(({ forecasts, calibration }) => {
            const of = (all: readonly FoldForecast[]) => all.filter((f) => f.horizon === horizon && f.model === model);
            return `${logLoss(of(calibration)).toFixed(4)} / ${logLoss(of(forecasts)).toFixed(4)}`;
          }),
        ]),
      ),
    ),
  );
  for (const { method, rows } of perMethod) {
    sections.push(
      '',
      `## ${method}`,
      '',
      '### Worst fold per row (each figure from the fold furthest from its target, in brackets)',
      '',
      worstFoldTable(rows),
      '',
      'Rows meeting each target in their worst fold:',
      '',
      worstFoldSummary(rows),
      ...members.flatMap((_, fold) => [
        '',
        `### Fold ${fold} (${members[fold]!.length} stocks held out)`,
        '',
        heldOutTable(rows.map((r) => ({ model: r.model, horizon: r.horizon, scores: r.perFold[fold]! }))),
      ]),
    );
  }
  writeResults('odds-folds', {
    folds,
    members,
    methods: perMethod.map(({ method, rows, forecasts }) => ({ method, rows, forecasts })),
  });
  return { markdown: sections.join('\n'), perMethod: perMethod.map(({ method, rows }) => ({ method, rows })) };
}
