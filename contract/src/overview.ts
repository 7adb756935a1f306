import { z } from 'zod';
import { Cents, IsoDate } from './common';

/**
 * The business overview (docs/product.md#overview): the figures of each day or month, kept where the money moves
 * (the wallet writer adds each commit's figures in its own transaction), not counted on page load.
 */
export const Granularity = z.enum(['day', 'month']);
export type Granularity = z.infer<typeof Granularity>;

/** The longest range one request may ask for: a quarter of days, three years of months. */
export const OVERVIEW_MAX_PERIODS: Record<Granularity, number> = { day: 92, month: 36 };
/** What the overview shows when no range is asked for: the last 30 days, the last 12 months (today included). */
export const OVERVIEW_DEFAULT_PERIODS: Record<Granularity, number> = { day: 30, month: 12 };

/**
 * What one day or month adds up to. Money in cents: `moneyIn` the top-ups credited, `revenue` the fees charged on a
 * hit, `released` the reservations given back (a miss), `refunded` and `disputed` the money Stripe took back and
 * `disputesWon` what came back of it, `credits` the money an admin credited. Counts: predictions made (free, paid),
 * resolved and hits (free and paid), active users (signed in or generated that day or month), new users (wallets
 * opened).
 */
export const BusinessFigures = z.object({
  moneyIn: Cents,
  revenue: Cents,
  released: Cents,
  refunded: Cents,
  disputed: Cents,
  disputesWon: Cents,
  credits: Cents,
  freePredictions: z.number().int(),
  paidPredictions: z.number().int(),
  resolved: z.number().int(),
  hits: z.number().int(),
  activeUsers: z.number().int(),
  newUsers: z.number().int(),
});
export type BusinessFigures = z.infer<typeof BusinessFigures>;

/** One row of the overview: a day (`YYYY-MM-DD`) or a month (`YYYY-MM`) and its figures. */
export const OverviewPeriod = BusinessFigures.extend({
  period: z.string(),
  /** The money held in reservations at the end of the period (a level, not a flow). */
  reservedOutstanding: Cents,
  /** Hits per resolved prediction; null when none resolved. */
  hitRate: z.number().min(0).max(1).nullable(),
});
export type OverviewPeriod = z.infer<typeof OverviewPeriod>;

/** A date the overview can cover: this millennium's (no figures are older than the app). */
const OverviewDate = IsoDate.refine(
  (date) => date >= '2000-01-01' && date <= '2999-12-31',
  'dates run from 2000-01-01 to 2999-12-31',
);

/**
 * `GET /api/admin/overview?granularity=day|month&from&to`: dates as `YYYY-MM-DD` (a month range covers the months of
 * both dates). Without `to`, today; without `from`, the default span before `to`.
 */
export const OverviewQuery = z
  .object({ granularity: Granularity.default('day'), from: OverviewDate.optional(), to: OverviewDate.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type OverviewQuery = z.infer<typeof OverviewQuery>;

export const Overview = z.object({
  granularity: Granularity,
  /** The first and last period shown, in the granularity's form. */
  from: z.string(),
  to: z.string(),
  /** Every period of the range, oldest first, zeros where nothing happened. */
  periods: z.array(OverviewPeriod),
});
export type Overview = z.infer<typeof Overview>;
