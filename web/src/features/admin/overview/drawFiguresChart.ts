import type { ChartLibrary } from '../../../components/useChart';
import type { IChartApi, Time } from 'lightweight-charts';
import type { Granularity, OverviewPeriod } from '@stockseer/contract';
import { calendarDayOf, dayTickLabel } from '../../../lib/chartTime';
import { formatFigure, formatPeriod, type Figure } from './overviewFigures';

/** The parts of lightweight-charts an overview chart uses. */
type Library = Pick<ChartLibrary, 'createChart' | 'LineSeries' | 'TickMarkType'>;

/** The series' colours, from the stylesheet (overview.css), so the legend's swatches match the lines. */
const seriesColour = (element: HTMLElement, i: number) =>
  getComputedStyle(element).getPropertyValue(`--overview-series-${i}`).trim();

/** A period as the chart's time: a day as it is, a month as its first day. */
export const chartTime = (granularity: Granularity, period: string) =>
  granularity === 'day' ? period : `${period}-01`;

/**
 * One line per figure over the periods, on one scale (the figures of a chart share a unit: cents or counts). Money
 * is drawn in dollars and labelled as the tables write it; the crosshair names the day or month.
 */
export function drawFiguresChart(
  lib: Library,
  element: HTMLElement,
  {
    granularity,
    periods,
    lines,
  }: { granularity: Granularity; periods: readonly OverviewPeriod[]; lines: readonly Figure[] },
): IChartApi {
  const styles = getComputedStyle(element);
  const money = lines[0]?.kind === 'cents';
  const chart = lib.createChart(element, {
    autoSize: true,
    layout: {
      background: { color: 'transparent' },
      textColor: styles.getPropertyValue('--muted').trim(),
      attributionLogo: false,
    },
    grid: { vertLines: { visible: false }, horzLines: { color: styles.getPropertyValue('--border').trim() } },
    rightPriceScale: { borderVisible: false, entireTextOnly: true },
    timeScale: { borderVisible: false, tickMarkFormatter: dayTickLabel(lib) },
    localization: {
      locale: 'en-US',
      priceFormatter: (value: number) =>
        money ? formatFigure(lines[0]!, Math.round(value * 100)) : Math.round(value).toLocaleString('en-US'),
      timeFormatter: (time: Time) => {
        const day = calendarDayOf(time);
        return formatPeriod(granularity, granularity === 'day' ? day : day.slice(0, 7));
      },
    },
    handleScroll: false,
    handleScale: false,
  });
  lines.forEach((figure, i) => {
    const series = chart.addSeries(lib.LineSeries, {
      color: seriesColour(element, i),
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    series.setData(
      periods.map((p) => {
        const value = figure.value(p) ?? 0;
        return { time: chartTime(granularity, p.period), value: money ? value / 100 : value };
      }),
    );
  });
  chart.timeScale().fitContent();
  return chart;
}
