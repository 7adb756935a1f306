import {
  Symbol as SymbolSchema,
  type DailyBar,
  type LatestPrice,
  type MarketDataInfo,
  type PriceHistory,
  type StockDetails,
  type StockSearchResult,
} from '@stockseer/contract';
import { addCalendarDays } from '../calendar';
import { newYorkDateOf, type Clock } from '../clock';
import { assertInvariant, notFound, validationError } from '../errors';
import type { MarketDataProvider } from './provider';

/** The chart shows a year of closes. */
export const HISTORY_DAYS = 365;
/** Calendar days of history a forecast fits on by default: five years, enough for yearly seasonality. */
export const FORECAST_LOOKBACK_DAYS = 5 * 365;

/**
 * A forecast's fit window ends at its origin and starts a fixed span before it, not before the day that asks: the bars
 * a request loads start five years before its own day, so without this a forecast prepared the evening of a close and
 * one asked the next morning (or after a long weekend) would differ by their oldest bars. Any request up to this many
 * days after its origin fits the same window.
 */
const WINDOW_SLACK_DAYS = 10;

/** The first date of the bars a forecast made on `originDate` fits on (services/predictions/forecastOfTheDay.ts). */
export function forecastWindowStart(originDate: string): string {
  return addCalendarDays(originDate, -(FORECAST_LOOKBACK_DAYS - WINDOW_SLACK_DAYS));
}

/**
 * What the HTTP routes and the forecaster ask of market data. Symbols are normalised here (trimmed, upper case),
 * and nothing after the clock's today is ever returned.
 */
export class MarketDataService {
  constructor(
    private readonly provider: MarketDataProvider,
    private readonly clock: Clock,
  ) {}

  /** Which provider is active; the UI shows a "Demo market data" notice for `demo`. */
  info(): MarketDataInfo {
    return { provider: this.provider.source };
  }

  search(query: string): Promise<StockSearchResult[]> {
    return this.provider.search(query.trim());
  }

  details(symbol: string): Promise<StockDetails> {
    return this.provider.quote(normalise(symbol));
  }

  async latestPrice(symbol: string): Promise<LatestPrice> {
    const { symbol: quoted, price, asOf } = await this.provider.quote(normalise(symbol));
    return { symbol: quoted, price, asOf };
  }

  /**
   * Daily closes of the `days` calendar days up to today, oldest first. When the provider's prices stop earlier (CSV
   * files end on their last day), the chart ends where the quote does, and an unknown symbol fails as in details.
   */
  async history(symbol: string, days = HISTORY_DAYS): Promise<PriceHistory> {
    assertInvariant(Number.isInteger(days) && days > 0, `history needs a positive whole number of days, got ${days}`);
    const stock = normalise(symbol);
    const today = this.clock.today();
    let bars = await this.provider.dailyBars(stock, addCalendarDays(today, -days), today);
    if (bars.length === 0) {
      const lastDay = newYorkDateOf(new Date((await this.provider.quote(stock)).asOf));
      bars = await this.provider.dailyBars(stock, addCalendarDays(lastDay, -days), lastDay);
    }
    return { symbol: stock, points: bars.map(({ date, close }) => ({ date, close })) };
  }

  /**
   * Split-adjusted bars of the `lookbackDays` calendar days up to and including `date` (capped at today), oldest
   * first: what a forecast made on `date` may know. Throws notFound when there is none, naming the provider's last
   * day with a price (CSV files end on a fixed day: a date after it is a wrong date, not an unknown symbol).
   */
  async barsUpTo(symbol: string, date: string, lookbackDays = FORECAST_LOOKBACK_DAYS): Promise<DailyBar[]> {
    const stock = normalise(symbol);
    const today = this.clock.today();
    const last = date < today ? date : today;
    const bars = await this.provider.dailyBars(stock, addCalendarDays(last, -lookbackDays), last);
    if (bars.length === 0) throw await this.noPriceOn(stock, last);
    return bars;
  }

  private async noPriceOn(stock: string, day: string) {
    const lastDay = newYorkDateOf(new Date((await this.provider.quote(stock)).asOf));
    return notFound(
      lastDay < day
        ? `No price for ${stock} on ${day}: the market data ends on ${lastDay}.`
        : `No price for ${stock} on or before ${day}: its prices start later.`,
    );
  }
}

function normalise(symbol: string): string {
  const parsed = SymbolSchema.safeParse(symbol);
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? 'invalid symbol');
  return parsed.data;
}
