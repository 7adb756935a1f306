/** Markdown tables of the benchmark results, as printed and pasted into docs/model-accuracy.md. */
import type { AccuracyRow } from './metrics';
import type { FitTiming } from './timing';

const percent = (x: number | null) => (x === null || Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

export function accuracyTable(rows: readonly AccuracyRow[]): string {
  const lines = [
    '| Horizon | Model | MASE vs naive | Stocks worse than naive | MAPE | Direction right | Always-up rate | 80% coverage | Hit rate | Forecasts | Failures |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.horizon} d | ${row.modelId} | ${row.mase.toFixed(3)} | ${row.stocksWorseThanNaive}/${row.stocks} | ` +
        `${row.mape.toFixed(2)}% | ${percent(row.directionalAccuracy)} | ${percent(row.upBaseRate)} | ` +
        `${percent(row.coverage80)} | ${percent(row.hitRate)} | ${row.forecasts} | ${row.failures} |`,
    );
  }
  return lines.join('\n');
}

export function timingTable(timings: readonly FitTiming[]): string {
  const sizes = Object.keys(timings[0]?.bySize ?? {});
  const lines = [
    `| Model | ${sizes.map((size) => `${size} pts median / p95`).join(' | ')} | Peak RSS |`,
    `|---|${sizes.map(() => '---').join('|')}|---|`,
  ];
  for (const timing of timings) {
    const cells = sizes.map((size) => {
      const { medianMs, p95Ms } = timing.bySize[size]!;
      return `${medianMs.toFixed(0)} / ${p95Ms.toFixed(0)} ms`;
    });
    lines.push(`| ${timing.modelId} | ${cells.join(' | ')} | ${timing.peakRssMb.toFixed(0)} MB |`);
  }
  return lines.join('\n');
}
