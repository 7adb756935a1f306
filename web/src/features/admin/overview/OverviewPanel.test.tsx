import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BusinessFigures, type Overview, type OverviewPeriod } from '@stockseer/contract';
import { fakeApi, renderWithProviders } from '../admin.testkit';
import { OverviewPanel } from './OverviewPanel';
import { OVERVIEW_TEXT } from './overviewText';

vi.mock('../../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

const chart = vi.hoisted(() => {
  const series: { setData: ReturnType<typeof vi.fn> }[] = [];
  const api = {
    addSeries: vi.fn(() => {
      const created = { setData: vi.fn() };
      series.push(created);
      return created;
    }),
    timeScale: () => ({ fitContent: vi.fn() }),
    remove: vi.fn(),
  };
  return { series, createChart: vi.fn(() => api) };
});
vi.mock('lightweight-charts', () => ({
  createChart: chart.createChart,
  LineSeries: 'line',
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2 },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  chart.series.length = 0;
  chart.createChart.mockClear();
});

const ZEROS = Object.fromEntries(BusinessFigures.keyof().options.map((name) => [name, 0])) as BusinessFigures;
/** A day or month of the overview where nothing happened, but for `fields`. */
const quiet = (period: string, fields: Partial<OverviewPeriod> = {}): OverviewPeriod => ({
  ...ZEROS,
  period,
  reservedOutstanding: 0,
  hitRate: null,
  ...fields,
});

const DAYS: Overview = {
  granularity: 'day',
  from: '2026-11-25',
  to: '2026-11-26',
  periods: [
    quiet('2026-11-25', {
      moneyIn: 2000,
      paidPredictions: 3,
      freePredictions: 2,
      activeUsers: 4,
      newUsers: 2,
      reservedOutstanding: 300,
    }),
    quiet('2026-11-26', {
      moneyIn: 500,
      revenue: 100,
      released: 200,
      refunded: 250,
      disputed: 1000,
      disputesWon: 1000,
      resolved: 4,
      hits: 2,
      hitRate: 0.5,
      activeUsers: 3,
      reservedOutstanding: 0,
    }),
  ],
};
const MONTHS: Overview = {
  granularity: 'month',
  from: '2026-11',
  to: '2026-11',
  periods: [quiet('2026-11', { moneyIn: 2500 })],
};

function serve(days: Overview | { status: number; body: unknown } = DAYS) {
  return fakeApi({
    'GET /api/admin/overview': (call) =>
      'status' in days ? days : { body: call.url.includes('granularity=month') ? MONTHS : days },
  });
}

const tile = (label: string) => {
  const term = screen.getAllByRole('term').find((t) => t.textContent === label);
  if (!term?.parentElement) throw new Error(`no tile ${label}`);
  return term.parentElement.textContent;
};

describe('Admin > Overview', () => {
  it('sums the period in tiles: money moved, the reservations left at its end, predictions, hit rate and users', async () => {
    serve();
    renderWithProviders(<OverviewPanel />);
    await screen.findByRole('heading', { name: OVERVIEW_TEXT.title });
    await screen.findByText('$25.00');
    expect(tile('Money in')).toContain('$25.00');
    expect(tile('Revenue')).toContain('$1.00');
    expect(tile('Released')).toContain('$2.00');
    // A refund of $2.50 and a dispute the bank gave back.
    expect(tile('Refunds and disputes')).toContain('$2.50');
    expect(tile('Reserved outstanding')).toContain('$0.00');
    expect(tile(OVERVIEW_TEXT.predictionsMadeLabel)).toContain(`5${OVERVIEW_TEXT.predictionsMade(2, 3)}`);
    expect(tile('Hit rate')).toContain(`50%${OVERVIEW_TEXT.hitRateOf(2, 4)}`);
    expect(tile('Active users')).toContain(`4${OVERVIEW_TEXT.busiest('day')}`);
    expect(tile('New users')).toContain('2');
  });

  it('draws each chart with the library, in dollars for money, and puts the same figures in a table', async () => {
    serve();
    renderWithProviders(<OverviewPanel />);
    const money = await screen.findByRole('img', { name: /^Money: Money in, Revenue/ });
    expect(money.getAttribute('aria-label')).toContain('Nov 25, 2026 to Nov 26, 2026');
    await waitFor(() => expect(chart.createChart).toHaveBeenCalledTimes(3));
    // Money in is the first line of the first chart; the users' chart draws counts.
    expect(chart.series[0]!.setData).toHaveBeenCalledWith([
      { time: '2026-11-25', value: 20 },
      { time: '2026-11-26', value: 5 },
    ]);
    expect(chart.series.at(-2)!.setData).toHaveBeenCalledWith([
      { time: '2026-11-25', value: 4 },
      { time: '2026-11-26', value: 3 },
    ]);

    const table = screen.getByRole('table', { name: /^Predictions,/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Day', 'Free predictions', 'Paid predictions', 'Resolved', 'Hits', 'Hit rate']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', '3', '0', '0', '-'],
      ['0', '0', '4', '2', '50%'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Nov 25, 2026');
  });

  it("downloads a chart's table as CSV with plain numbers", async () => {
    serve();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:overview');
    // jsdom has no object URLs: lend it the two functions for this test only.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('stockseer-money-day-2026-11-25-2026-11-26.csv');
    });
    renderWithProviders(<OverviewPanel />);
    fireEvent.click(await screen.findByRole('button', { name: OVERVIEW_TEXT.downloadLabel('money') }));
    expect(click).toHaveBeenCalledOnce();
    expect((await createObjectURL.mock.calls[0]![0].text()).split('\r\n')).toEqual([
      'Day,Money in,Revenue,Released,Refunded,Disputed,Disputes won,Courtesy credits,Reserved outstanding',
      '2026-11-25,20.00,0.00,0.00,0.00,0.00,0.00,0.00,3.00',
      '2026-11-26,5.00,1.00,2.00,2.50,10.00,10.00,0.00,0.00',
    ]);
  });

  it('switches to months', async () => {
    const calls = serve();
    renderWithProviders(<OverviewPanel />);
    await screen.findByText('$25.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByText(OVERVIEW_TEXT.range('month', 12))).toBeTruthy();
    const table = await screen.findByRole('table', { name: /^Money,/ });
    expect(within(table).getByRole('rowheader').textContent).toBe('Nov 2026');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/admin/overview?granularity=day',
      '/api/admin/overview?granularity=month',
    ]);
  });

  it('says when nothing happened, and when the figures cannot be loaded', async () => {
    serve({ ...DAYS, periods: [quiet('2026-11-26', { reservedOutstanding: 500 })] });
    const { unmount } = renderWithProviders(<OverviewPanel />);
    expect(await screen.findByText(OVERVIEW_TEXT.empty)).toBeTruthy();
    expect(tile('Reserved outstanding')).toContain('$5.00');
    expect(screen.queryByRole('img')).toBeNull();
    unmount();
    serve({ status: 500, body: { message: 'down' } });
    renderWithProviders(<OverviewPanel />);
    expect(await screen.findByText(OVERVIEW_TEXT.failed)).toBeTruthy();
  });
});
