/** Markdown tables of the chance-of-a-hit scores, as printed and pasted into docs/model-accuracy.md. */
import { markdownTable } from '../lib/report';
import { ODDS_TARGETS, targetsMet, type OddsRow } from './oddsMetrics';

const pp = (x: number) => `${x >= 0 && x !== 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
const mark = (ok: boolean | null) => (ok === false ? ' ✗' : '');

/** One row per model and horizon; a cross marks a figure that misses issue 24's target. */
export function oddsTable(rows: readonly OddsRow[]): string {
  return markdownTable(
    [
      'Horizon',
      'Model',
      'Brier',
      `Brier skill (>= ${ODDS_TARGETS.minSkill})`,
      'Mean P',
      'Hit rate',
      `Mean P - hit rate ± s.e. by day, pp (<= ${ODDS_TARGETS.maxCalibrationInTheLarge * 100})`,
      `ECE, pp (<= ${ODDS_TARGETS.maxEce * 100})`,
      `Largest decile gap, pp (<= ${ODDS_TARGETS.maxDecileGap * 100}, n >= ${ODDS_TARGETS.minDecileCount})`,
      `Slope (${ODDS_TARGETS.slope[0]} to ${ODDS_TARGETS.slope[1]})`,
      'Intercept',
      'Forecasts',
      'Days',
    ],
    rows.map((row) => {
      const met = targetsMet(row);
      return [
        `${row.horizon} d`,
        row.modelId,
        row.brier.toFixed(4),
        row.skill.toFixed(3) + mark(met.skill),
        `${(100 * row.meanPredicted).toFixed(1)}%`,
        `${(100 * row.hitRate).toFixed(1)}%`,
        pp(row.calibrationInTheLarge) +
          (row.calibrationInTheLargeError === null ? '' : ` ± ${(100 * row.calibrationInTheLargeError).toFixed(1)}`) +
          mark(met.calibrationInTheLarge),
        (100 * row.ece).toFixed(1) + mark(met.ece),
        row.largestDecileGap === null ? 'n/a' : (100 * row.largestDecileGap).toFixed(1) + mark(met.largestDecileGap),
        row.slope.toFixed(2) + mark(met.slope),
        row.intercept.toFixed(2),
        row.forecasts,
        row.days ?? 'n/a',
      ];
    }),
  );
}

/** How many rows meet each target, e.g. "Brier skill 15/15". */
export function targetSummary(rows: readonly OddsRow[]): string {
  const met = rows.map(targetsMet);
  const count = (key: keyof ReturnType<typeof targetsMet>) => {
    const judged = met.filter((m) => m[key] !== null);
    return `${judged.filter((m) => m[key]).length}/${judged.length}`;
  };
  return (
    `Targets met: Brier skill ${count('skill')}, mean P - hit rate ${count('calibrationInTheLarge')}, ` +
    `ECE ${count('ece')}, largest decile gap ${count('largestDecileGap')}, slope ${count('slope')}.`
  );
}

/** One row per model and horizon, one cell per decile: "predicted / observed (count)". */
export function reliabilityTables(rows: readonly OddsRow[]): string {
  const deciles = rows[0]?.reliability.map((_, i) => `D${i + 1}`) ?? [];
  return markdownTable(
    ['Horizon', 'Model', ...deciles],
    rows.map((row) => [
      `${row.horizon} d`,
      row.modelId,
      ...row.reliability.map(
        (bin) => `${(100 * bin.meanPredicted).toFixed(0)} / ${(100 * bin.observed).toFixed(0)} (${bin.count})`,
      ),
    ]),
  );
}
