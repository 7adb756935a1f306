import { useCallback } from 'react';
import { useChart, type ChartLibrary } from '../../components/useChart';
import type { PricePoint } from '@stockseer/contract';
import type { ChartOverlay } from './chartOverlay';
import { drawChart } from './drawChart';
import { formatDate, formatPrice } from '../../lib/format';
import { STOCK_TEXT } from './messages';

interface Props {
  points: readonly PricePoint[];
  /** Forecasts to draw over the closes (target line, 80% band, hit range); the prediction panel passes them in. */
  overlays?: readonly ChartOverlay[];
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  /** The legend's name of the closes' line (e.g. "AAPL close"). */
  priceName: string;
}

const NO_OVERLAYS: readonly ChartOverlay[] = [];

/**
 * A line-and-area chart of daily closes, drawn by lightweight-charts once it has loaded (components/useChart.ts).
 */
export function PriceChart({ points, overlays = NO_OVERLAYS, label, priceName }: Props) {
  const draw = useCallback(
    (lib: ChartLibrary, element: HTMLElement) => drawChart(lib, element, points, overlays),
    [points, overlays],
  );
  const { container, failed } = useChart(draw);

  if (failed) return <p className="error-text">{STOCK_TEXT.chartFailed}</p>;
  return (
    <div className="price-chart-figure">
      <div ref={container} className="price-chart" role="img" aria-label={label} />
      <ul className="chart-legend">
        <LegendItem swatch="close" name={priceName} />
        {overlays.length > 0 && (
          <>
            <LegendItem swatch="forecast" name={STOCK_TEXT.legendForecast} />
            <LegendItem swatch="band" name={STOCK_TEXT.legendBand} />
            {overlays.map((o) => (
              <LegendItem
                key={`${o.from}-${o.to}`}
                swatch="hit"
                name={STOCK_TEXT.legendHit(formatPrice(o.hitLow), formatPrice(o.hitHigh), formatDate(o.to))}
              />
            ))}
          </>
        )}
      </ul>
    </div>
  );
}

/** One line of the legend: a swatch drawn as the chart draws that series (stocks.css), and its name. */
function LegendItem({ swatch, name }: { swatch: 'close' | 'forecast' | 'band' | 'hit'; name: string }) {
  return (
    <li>
      <span className={`chart-swatch chart-swatch-${swatch}`} aria-hidden="true" />
      {name}
    </li>
  );
}
