import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { outcomeSumsOf, summarizeOutcomes } from '@stockseer/contract';
import { ReliabilityChart } from './ReliabilityChart';
import { RELIABILITY_TEXT } from './reliabilityText';

/** 12 forecasts said 30-40% (4 hit), 3 said 60-70% (2 hit), 1 said 90-100% (it hit). */
const forecasts = [
  ...Array.from({ length: 12 }, (_, i) => ({ status: i < 4 ? 'hit' : 'missed', hitProbability: 0.35 }) as const),
  ...Array.from({ length: 3 }, (_, i) => ({ status: i < 2 ? 'hit' : 'missed', hitProbability: 0.62 }) as const),
  { status: 'hit', hitProbability: 0.95 } as const,
];
const backtest = summarizeOutcomes(outcomeSumsOf(forecasts));

describe('ReliabilityChart', () => {
  it('says the most-said decile in one sentence, and its table holds the aggregate’s counts and hit rates', () => {
    render(
      <ReliabilityChart
        title="ARIMA, Short (7 days)"
        series={[
          { name: 'Back-test', phrase: 'in the back-test', summary: backtest },
          { name: 'Live', phrase: 'in users’ own forecasts', summary: null },
        ]}
      />,
    );
    expect(
      screen.getByText(
        'When StockSeer said 30-40%, it hit 33% of 12 times in the back-test (the chance it said most often).',
      ),
    ).toBeTruthy();
    expect(screen.getByText(RELIABILITY_TEXT.tracking('Live', 5))).toBeTruthy();
    // The drawing describes itself to a screen reader with the same figures.
    const plot = screen.getByRole('img');
    expect(plot.getAttribute('aria-label')).toBe(
      'Back-test: said 30-40%, hit 33% of 12; said 60-70%, hit 67% of 3; said 90-100%, hit 100% of 1',
    );
    expect(plot.querySelectorAll('circle')).toHaveLength(3);

    // The table is behind a native toggle: reachable by keyboard, read as a table.
    const toggle = screen.getByText(RELIABILITY_TEXT.showTable);
    fireEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'ARIMA, Short (7 days)' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toHaveLength(10);
    expect(rows.map(([count]) => Number(count))).toEqual(backtest.reliability.map((bin) => bin.count));
    expect(rows[3]).toEqual(['12', '33%']);
    expect(rows[6]).toEqual(['3', '67%']);
    expect(rows[0]).toEqual(['0', '-']);
  });

  it('says nothing it cannot: no sentence and no table while every series is tracking', () => {
    render(<ReliabilityChart title="t" series={[{ name: 'Live', phrase: 'live', summary: null }]} />);
    expect(screen.queryByText(/When StockSeer said/)).toBeNull();
    expect(screen.queryByText(RELIABILITY_TEXT.showTable)).toBeNull();
  });
});
