import type { Granularity, OverviewPeriod } from '@stockseer/contract';
import type { Cell } from '../../../lib/csv';
import { formatCents, formatChance, formatDate, formatMonth } from '../../../lib/format';

/** A column of the Overview: a figure of each period, how it reads, and how a CSV file writes it. */
export interface Figure {
  key: string;
  label: string;
  value: (p: OverviewPeriod) => number | null;
  kind: 'cents' | 'count' | 'rate';
}

const cents = (key: string, label: string, value: (p: OverviewPeriod) => number): Figure => ({
  key,
  label,
  value,
  kind: 'cents',
});
const count = (key: keyof OverviewPeriod, label: string): Figure => ({
  key,
  label,
  value: (p) => p[key] as number,
  kind: 'count',
});

/** Money Stripe took back and kept: refunds, and disputes unless the bank returned the money. */
const takenBack = (p: OverviewPeriod) => p.refunded + p.disputed - p.disputesWon;

export const FIGURES = {
  moneyIn: cents('moneyIn', 'Money in', (p) => p.moneyIn),
  revenue: cents('revenue', 'Revenue', (p) => p.revenue),
  released: cents('released', 'Released', (p) => p.released),
  takenBack: cents('takenBack', 'Refunds and disputes', takenBack),
  refunded: cents('refunded', 'Refunded', (p) => p.refunded),
  disputed: cents('disputed', 'Disputed', (p) => p.disputed),
  disputesWon: cents('disputesWon', 'Disputes won', (p) => p.disputesWon),
  credits: cents('credits', 'Courtesy credits', (p) => p.credits),
  reservedOutstanding: cents('reservedOutstanding', 'Reserved outstanding', (p) => p.reservedOutstanding),
  freePredictions: count('freePredictions', 'Free predictions'),
  paidPredictions: count('paidPredictions', 'Paid predictions'),
  resolved: count('resolved', 'Resolved'),
  hits: count('hits', 'Hits'),
  hitRate: { key: 'hitRate', label: 'Hit rate', value: (p) => p.hitRate, kind: 'rate' },
  activeUsers: count('activeUsers', 'Active users'),
  newUsers: count('newUsers', 'New users'),
} satisfies Record<string, Figure>;

/** A chart and the table behind it: the lines it draws, the columns its table and CSV file add. */
export interface FigureChart {
  key: string;
  title: string;
  lines: readonly Figure[];
  columns: readonly Figure[];
}

export const CHARTS: readonly FigureChart[] = [
  {
    key: 'money',
    title: 'Money',
    lines: [FIGURES.moneyIn, FIGURES.revenue, FIGURES.released, FIGURES.takenBack, FIGURES.reservedOutstanding],
    columns: [
      FIGURES.moneyIn,
      FIGURES.revenue,
      FIGURES.released,
      FIGURES.refunded,
      FIGURES.disputed,
      FIGURES.disputesWon,
      FIGURES.credits,
      FIGURES.reservedOutstanding,
    ],
  },
  {
    key: 'predictions',
    title: 'Predictions',
    lines: [FIGURES.freePredictions, FIGURES.paidPredictions, FIGURES.resolved, FIGURES.hits],
    columns: [FIGURES.freePredictions, FIGURES.paidPredictions, FIGURES.resolved, FIGURES.hits, FIGURES.hitRate],
  },
  {
    key: 'users',
    title: 'Users',
    lines: [FIGURES.activeUsers, FIGURES.newUsers],
    columns: [FIGURES.activeUsers, FIGURES.newUsers],
  },
];

/** `Nov 26, 2026` or `Nov 2026`. */
export function formatPeriod(granularity: Granularity, period: string): string {
  return granularity === 'day' ? formatDate(period) : formatMonth(period);
}

export function formatFigure(figure: Figure, value: number | null): string {
  if (value === null) return '-';
  if (figure.kind === 'cents') return formatCents(value);
  if (figure.kind === 'rate') return formatChance(value);
  return value.toLocaleString('en-US');
}

/** A CSV file's plain numbers: dollars with 2 decimals, a rate as a fraction with 4, counts as they are. */
function csvValue(figure: Figure, value: number | null): Cell {
  if (value === null) return null;
  if (figure.kind === 'cents') return (value / 100).toFixed(2);
  return figure.kind === 'rate' ? value.toFixed(4) : value;
}

/** The table of a chart as CSV rows: a header, then a row per period (`YYYY-MM-DD` or `YYYY-MM`). */
export function chartCsvRows(
  granularity: Granularity,
  chart: FigureChart,
  periods: readonly OverviewPeriod[],
): Cell[][] {
  const header = [granularity === 'day' ? 'Day' : 'Month', ...chart.columns.map((f) => f.label)];
  return [header, ...periods.map((p) => [p.period, ...chart.columns.map((f) => csvValue(f, f.value(p)))])];
}

/** What the tiles show: sums of the period's flows, the level at its end, the busiest period's active users. */
export function periodSummary(periods: readonly OverviewPeriod[]) {
  const sum = (figure: Figure) => periods.reduce((total, p) => total + (figure.value(p) ?? 0), 0);
  const resolved = sum(FIGURES.resolved);
  const hits = sum(FIGURES.hits);
  return {
    moneyIn: sum(FIGURES.moneyIn),
    revenue: sum(FIGURES.revenue),
    released: sum(FIGURES.released),
    takenBack: sum(FIGURES.takenBack),
    credits: sum(FIGURES.credits),
    reservedOutstanding: periods.at(-1)?.reservedOutstanding ?? 0,
    freePredictions: sum(FIGURES.freePredictions),
    paidPredictions: sum(FIGURES.paidPredictions),
    resolved,
    hits,
    hitRate: resolved > 0 ? hits / resolved : null,
    newUsers: sum(FIGURES.newUsers),
    busiestActiveUsers: Math.max(0, ...periods.map((p) => p.activeUsers)),
  };
}

/** True when nothing at all happened in the periods (the level of reservations aside). */
export const nothingHappened = (periods: readonly OverviewPeriod[]) =>
  periods.every((p) =>
    Object.values(FIGURES).every((f) => f === FIGURES.reservedOutstanding || f === FIGURES.hitRate || f.value(p) === 0),
  );
