import type * as LightweightCharts from 'lightweight-charts';
import type { IChartApi, Time } from 'lightweight-charts';
import type { PricePoint } from '@stockseer/contract';
import { calendarDayOf, dayTickLabel } from '../../lib/chartTime';
import { formatDate, formatPrice } from '../../lib/format';
import { overlayDates, type ChartOverlay } from './chartOverlay';
import { ForecastBand, HitRangeBar } from './forecastBand';

/** The parts of lightweight-charts the chart uses; the module arrives by dynamic import. */
export type ChartLibrary = Pick<
  typeof LightweightCharts,
  'createChart' | 'AreaSeries' | 'LineSeries' | 'LineStyle' | 'TickMarkType'
>;

/** Colours come from the stylesheet's tokens, so the chart matches the page. */
function token(element: HTMLElement, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

/** Daily closes as an area, and per overlay a dashed target line over its shaded 80% band, and its hit range. */
export function drawChart(
  lib: ChartLibrary,
  element: HTMLElement,
  points: readonly PricePoint[],
  overlays: readonly ChartOverlay[],
): IChartApi {
  const brand = token(element, '--brand');
  const forecast = token(element, '--chart-forecast');
  const chart = lib.createChart(element, {
    autoSize: true,
    layout: { background: { color: 'transparent' }, textColor: token(element, '--muted'), attributionLogo: false },
    grid: { vertLines: { visible: false }, horzLines: { color: token(element, '--border') } },
    // A price label that would stand half outside the chart (the top one, "$400.00" cut in half) is left out.
    rightPriceScale: { borderVisible: false, entireTextOnly: true },
    timeScale: { borderVisible: false, tickMarkFormatter: dayTickLabel(lib) },
    // The crosshair's date as every other date of the app ('MMM dd, yyyy': docs/product.md#dates-and-formatting), not
    // the library's "02 Jul '26". The app's locale, as its formatters': the library's default, the browser's language,
    // may be a tag Intl refuses ("en-US@posix" from a POSIX locale), and then it draws nothing at all.
    localization: {
      locale: 'en-US',
      priceFormatter: formatPrice,
      timeFormatter: (time: Time) => formatDate(calendarDayOf(time)),
    },
    handleScroll: false,
    handleScale: false,
  });
  const closes = chart.addSeries(lib.AreaSeries, {
    lineColor: brand,
    lineWidth: 2,
    topColor: token(element, '--chart-fill'),
    bottomColor: 'transparent',
    priceLineVisible: false,
  });
  closes.setData(points.map((p) => ({ time: p.date, value: p.close })));
  for (const overlay of overlays) {
    const target = chart.addSeries(lib.LineSeries, {
      color: forecast,
      lineWidth: 2,
      lineStyle: lib.LineStyle.Dashed,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    target.setData(overlayDates(points, overlay).map((time) => ({ time, value: overlay.target })));
    target.attachPrimitive(new ForecastBand(overlay, token(element, '--chart-band')));
    target.attachPrimitive(new HitRangeBar(overlay, token(element, '--chart-hit')));
  }
  chart.timeScale().fitContent();
  return chart;
}
