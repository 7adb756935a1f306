import { useCallback, useId } from 'react';
import type { Granularity, OverviewPeriod } from '@stockseer/contract';
import { toCsv } from '../../../lib/csv';
import { downloadText } from '../../../lib/download';
import { useChart, type ChartLibrary } from '../../../components/useChart';
import { drawFiguresChart } from './drawFiguresChart';
import { chartCsvRows, formatFigure, formatPeriod, type FigureChart } from './overviewFigures';
import { OVERVIEW_TEXT } from './overviewText';

interface Props {
  granularity: Granularity;
  chart: FigureChart;
  periods: readonly OverviewPeriod[];
}

/**
 * One of the Overview's charts: its lines drawn by lightweight-charts (loaded on demand, as the price chart's), a
 * legend, and behind it a real table of the same figures, downloadable as CSV.
 */
export function FiguresChart({ granularity, chart, periods }: Props) {
  const titleId = useId();
  const draw = useCallback(
    (lib: ChartLibrary, element: HTMLElement) =>
      drawFiguresChart(lib, element, { granularity, periods, lines: chart.lines }),
    [granularity, periods, chart],
  );
  const { container, failed } = useChart(draw);

  const first = periods[0];
  const last = periods.at(-1);
  const span =
    first && last ? `${formatPeriod(granularity, first.period)} to ${formatPeriod(granularity, last.period)}` : '';
  const fileName = `stockseer-${chart.key}-${granularity}-${first?.period ?? ''}-${last?.period ?? ''}.csv`;

  return (
    <figure className="overview-chart card" aria-labelledby={titleId}>
      <div className="overview-chart-head">
        <figcaption id={titleId} className="overview-chart-title">
          {chart.title}
        </figcaption>
        <button
          type="button"
          className="button button-outline"
          aria-label={OVERVIEW_TEXT.downloadLabel(chart.title.toLowerCase())}
          onClick={() => downloadText(fileName, toCsv(chartCsvRows(granularity, chart, periods)))}
        >
          {OVERVIEW_TEXT.download}
        </button>
      </div>
      {failed ? (
        <p className="error-text">{OVERVIEW_TEXT.chartFailed}</p>
      ) : (
        <div
          ref={container}
          className="overview-plot"
          role="img"
          aria-label={`${chart.title}: ${chart.lines.map((f) => f.label).join(', ')}, ${span}`}
        />
      )}
      <ul className="overview-legend">
        {chart.lines.map((figure, i) => (
          <li key={figure.key}>
            <span className={`overview-swatch overview-swatch-${i}`} aria-hidden="true" />
            {figure.label}
          </li>
        ))}
      </ul>
      <details className="overview-details">
        <summary>{OVERVIEW_TEXT.showTable}</summary>
        <div className="table-scroll" role="region" aria-label={`${chart.title} table`} tabIndex={0}>
          <table className="overview-table">
            <caption className="visually-hidden">{`${chart.title}, ${span}`}</caption>
            <thead>
              <tr>
                <th scope="col">{OVERVIEW_TEXT.granularities[granularity]}</th>
                {chart.columns.map((figure) => (
                  <th key={figure.key} scope="col">
                    {figure.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.period}>
                  <th scope="row">{formatPeriod(granularity, p.period)}</th>
                  {chart.columns.map((figure) => (
                    <td key={figure.key}>{formatFigure(figure, figure.value(p))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
