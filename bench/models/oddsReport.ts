/** Markdown tables of the chance-of-a-hit scores, as printed and pasted into docs/model-accuracy.md. */
import { markdownTable } from '../lib/report';
import { RELIABILITY_MIN_COUNT, RELIABILITY_TOLERANCE, unreliableBins, type OddsRow } from './oddsMetrics';

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

export function oddsTable(rows: readonly OddsRow[]): string {
  return markdownTable(
    [
      'Horizon',
      'Model',
      'Brier P(hit)',
      'Brier climatology',
      'Brier skill score',
      'Mean P(hit)',
      'Hit rate',
      `Deciles off by > ${RELIABILITY_TOLERANCE * 100} pp (n >= ${RELIABILITY_MIN_COUNT})`,
      'Forecasts',
    ],
    rows.map((row) => [
      `${row.horizon} d`,
      row.modelId,
      row.brier.toFixed(4),
      row.climatologyBrier.toFixed(4),
      row.skill.toFixed(3),
      percent(row.meanPredicted),
      percent(row.hitRate),
      unreliableBins(row).length,
      row.forecasts,
    ]),
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
