import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { STOCK_TEXT } from './messages';
import { PriceChart } from './PriceChart';

const chart = vi.hoisted(() => {
  const series: { kind: string; setData: ReturnType<typeof vi.fn>; attachPrimitive: ReturnType<typeof vi.fn> }[] = [];
  const api = {
    addSeries: vi.fn((kind: string) => {
      const created = { kind, setData: vi.fn(), attachPrimitive: vi.fn() };
      series.push(created);
      return created;
    }),
    timeScale: () => ({ fitContent: vi.fn() }),
    remove: vi.fn(),
  };
  return { series, api, createChart: vi.fn(() => api) };
});

vi.mock('lightweight-charts', () => ({
  createChart: chart.createChart,
  AreaSeries: 'area',
  LineSeries: 'line',
  LineStyle: { Dashed: 2 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2 },
}));

const POINTS = [
  { date: '2021-04-20', close: 133.11 },
  { date: '2021-04-21', close: 133.5 },
];

describe('PriceChart', () => {
  it('loads the chart library on demand, draws the closes and each overlay as a target line, its band and hit range', async () => {
    const overlays = [
      { from: '2021-04-21', to: '2021-04-23', target: 140, lower: 130, upper: 150, hitLow: 137.2, hitHigh: 142.8 },
    ];
    const { unmount, getByRole } = render(
      <PriceChart points={POINTS} overlays={overlays} label="AAPL closes" priceName="AAPL close" />,
    );
    expect(getByRole('img', { name: 'AAPL closes' })).toBeTruthy();
    await waitFor(() => expect(chart.createChart).toHaveBeenCalledTimes(1));

    const [closes, target] = chart.series;
    expect(closes?.kind).toBe('area');
    expect(closes?.setData).toHaveBeenCalledWith([
      { time: '2021-04-20', value: 133.11 },
      { time: '2021-04-21', value: 133.5 },
    ]);
    expect(target?.kind).toBe('line');
    expect(target?.setData).toHaveBeenCalledWith(
      ['2021-04-21', '2021-04-22', '2021-04-23'].map((time) => ({ time, value: 140 })),
    );
    const band = target?.attachPrimitive.mock.calls[0]?.[0];
    expect(band.autoscaleInfo()).toEqual({ priceRange: { minValue: 130, maxValue: 150 } });
    // The hit range's bar at the target date, kept in view by the price scale too.
    const hitRange = target?.attachPrimitive.mock.calls[1]?.[0];
    expect(hitRange.autoscaleInfo()).toEqual({ priceRange: { minValue: 137.2, maxValue: 142.8 } });

    unmount();
    expect(chart.api.remove).toHaveBeenCalledTimes(1);
  });

  it('names in a legend what it draws: the closes, and with a forecast its target line and 80% range', async () => {
    const legend = () => screen.getByRole('list').textContent;
    const overlays = [
      { from: '2021-04-21', to: '2021-04-23', target: 140, lower: 130, upper: 150, hitLow: 137.2, hitHigh: 142.8 },
    ];
    const { rerender } = render(
      <PriceChart points={POINTS} overlays={[]} label="AAPL closes" priceName="AAPL close" />,
    );
    expect(legend()).toBe('AAPL close');
    rerender(<PriceChart points={POINTS} overlays={overlays} label="AAPL closes" priceName="AAPL close" />);
    expect(legend()).toBe(
      `AAPL close${STOCK_TEXT.legendForecast}${STOCK_TEXT.legendBand}${STOCK_TEXT.legendHit('$137.20', '$142.80', 'Apr 23, 2021')}`,
    );
    await waitFor(() => expect(chart.createChart).toHaveBeenCalled());
  });

  it('writes every price label whole, in the locale of the app whatever the browser says', async () => {
    render(<PriceChart points={POINTS} overlays={[]} label="AAPL closes" priceName="AAPL close" />);
    await waitFor(() => expect(chart.createChart).toHaveBeenCalled());
    const options = (chart.createChart.mock.calls.at(-1) as unknown[])[1] as {
      rightPriceScale: { entireTextOnly: boolean };
      localization: { locale: string; priceFormatter: (price: number) => string };
    };
    expect(options.rightPriceScale.entireTextOnly).toBe(true);
    expect(options.localization.locale).toBe('en-US');
    expect(options.localization.priceFormatter(400)).toBe('$400.00');
  });

  it("shows the crosshair's date as 'MMM dd, yyyy', whichever form of time the library hands back", async () => {
    render(<PriceChart points={POINTS} overlays={[]} label="AAPL closes" priceName="AAPL close" />);
    await waitFor(() => expect(chart.createChart).toHaveBeenCalled());
    const options = (chart.createChart.mock.calls.at(-1) as unknown[])[1] as {
      localization: { timeFormatter: (time: unknown) => string };
    };
    const { timeFormatter } = options.localization;
    expect(timeFormatter({ year: 2026, month: 7, day: 2 })).toBe('Jul 02, 2026');
    expect(timeFormatter('2026-07-02')).toBe('Jul 02, 2026');
    expect(timeFormatter(Date.UTC(2026, 6, 2) / 1000)).toBe('Jul 02, 2026');
  });

  it('names a day mark of the time axis with its month, and leaves year and month marks to the library', async () => {
    render(<PriceChart points={POINTS} overlays={[]} label="AAPL closes" priceName="AAPL close" />);
    await waitFor(() => expect(chart.createChart).toHaveBeenCalled());
    const options = (chart.createChart.mock.calls.at(-1) as unknown[])[1] as {
      timeScale: { tickMarkFormatter: (time: unknown, type: number) => string | null };
    };
    const { tickMarkFormatter } = options.timeScale;
    expect(tickMarkFormatter({ year: 2026, month: 12, day: 3 }, 2)).toBe('Dec 3');
    expect(tickMarkFormatter('2025-11-24', 2)).toBe('Nov 24');
    expect(tickMarkFormatter('2026-01-02', 0)).toBeNull();
    expect(tickMarkFormatter('2026-03-02', 1)).toBeNull();
  });
});
