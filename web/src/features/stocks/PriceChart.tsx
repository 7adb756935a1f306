import { useEffect, useRef, useState } from 'react';
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
 * A line-and-area chart of daily closes. lightweight-charts is imported inside the effect, so its code loads only
 * when a chart is first shown and never weighs on the landing page.
 */
export function PriceChart({ points, overlays = NO_OVERLAYS, label, priceName }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let remove: (() => void) | undefined;
    import('lightweight-charts')
      .then((lib) => {
        if (disposed) return;
        const chart = drawChart(lib, element, points, overlays);
        remove = () => chart.remove();
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      remove?.();
    };
  }, [points, overlays]);

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
