import type { DailyBar, StockSearchResult } from '@stockseer/contract';
import { lastFinalClose, tradingDaysBetween } from '../../domain/calendar';
import type { Clock } from '../../domain/clock';
import { notFound } from '../../domain/errors';
import { assertValidBars, roundTo } from '../../domain/market-data/bars';
import type { MarketDataProvider, Quote } from '../../domain/market-data/provider';
import { quoteFromBars } from '../../domain/market-data/quote';
import { searchStocks } from '../../domain/market-data/search';
import { fnv1a32, mulberry32 } from '../../domain/seededRandom';
import { DIRECTORY, type DirectoryStock } from './directory';

/** The first simulated session (the first of 2015; January 1 is a holiday). */
export const DEMO_START = '2015-01-02';
const TRADING_DAYS_PER_YEAR = 252;
/** Dollar volume of a simulated day: volumes only need a plausible size, they feed no model. */
const DAILY_DOLLAR_VOLUME = 3e8;

/**
 * Simulated prices for an offline first run: a geometric Brownian motion per stock, seeded by its symbol. Each
 * path is generated from DEMO_START onwards in one pass, so a symbol always has the same history whatever range is
 * asked first. Only final sessions exist: today's bar appears after the 16:00 New York close.
 */
export class DemoMarketData implements MarketDataProvider {
  readonly source = 'demo';
  private readonly paths = new Map<string, DailyBar[]>();

  constructor(private readonly clock: Clock) {}

  async search(query: string): Promise<StockSearchResult[]> {
    return searchStocks([...DIRECTORY.values()], query);
  }

  async quote(symbol: string): Promise<Quote> {
    const stock = directoryStock(symbol);
    const { name, exchange } = stock;
    return quoteFromBars({ symbol, name, exchange }, this.path(stock).slice(-2));
  }

  async dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    return this.path(directoryStock(symbol)).filter((bar) => bar.date >= from && bar.date <= to);
  }

  private path(stock: DirectoryStock): DailyBar[] {
    const through = lastFinalClose(this.clock.today(), this.clock.now());
    const cached = this.paths.get(stock.symbol);
    if (cached?.at(-1)?.date === through) return cached;
    const bars = simulate(stock, through);
    this.paths.set(stock.symbol, bars);
    return bars;
  }
}

function directoryStock(symbol: string): DirectoryStock {
  const stock = DIRECTORY.get(symbol);
  if (!stock) throw notFound(`Unknown symbol: ${symbol}`);
  return stock;
}

/** The stock's simulated sessions from DEMO_START through `through`, OHLC consistent and rounded to cents. */
export function simulate(stock: DirectoryStock, through: string): DailyBar[] {
  const normal = normalSource(stock.symbol);
  const dailySd = stock.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
  const dailyDrift = (stock.drift - stock.volatility ** 2 / 2) / TRADING_DAYS_PER_YEAR;
  let previousClose = stock.startPrice;
  const bars = tradingDaysBetween(DEMO_START, through).map((date) => {
    // A quarter of a day's volatility happens overnight (the gap to the open); wicks reach about half a day's.
    const open = previousClose * Math.exp(0.25 * dailySd * normal());
    const close = previousClose * Math.exp(dailyDrift + dailySd * normal());
    const high = Math.max(open, close) * Math.exp(0.5 * dailySd * Math.abs(normal()));
    const low = Math.min(open, close) * Math.exp(-0.5 * dailySd * Math.abs(normal()));
    const volume = Math.round((DAILY_DOLLAR_VOLUME / close) * Math.exp(0.35 * normal()));
    previousClose = close;
    // Rounding is monotonic, so the rounded bar keeps low <= open, close <= high.
    const cents = (price: number) => Math.max(0.01, roundTo(price, 2));
    return { date, open: cents(open), high: cents(high), low: cents(low), close: cents(close), volume };
  });
  assertValidBars(stock.symbol, bars);
  return bars;
}

/** Standard normal draws (Box-Muller) from a mulberry32 generator seeded with the FNV-1a hash of the symbol. */
function normalSource(symbol: string): () => number {
  const uniform = mulberry32(fnv1a32(symbol));
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}
