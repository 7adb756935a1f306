import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DailyBar, StockSearchResult } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { assertInvariant, notFound } from '../../domain/errors';
import { assertValidBars } from '../../domain/market-data/bars';
import type { MarketDataProvider, Quote } from '../../domain/market-data/provider';
import { quoteFromBars } from '../../domain/market-data/quote';
import { searchStocks } from '../../domain/market-data/search';
import { splitAdjustedBars } from './csv-bars';
import { parseCsvTable } from './csv-table';
import { exchangeOf, knownListing } from './directory';

/** Header names a symbols file may use for the company name (S&P 500 lists call it "Security"). */
const NAME_COLUMNS = ['name', 'company name', 'security', 'company'];

/**
 * Prices from a folder of CSV files: `daily/SYMBOL.csv` (Alpha Vantage's daily-adjusted columns, oldest first; prices adjusted for splits only)
 * and `symbols.csv` (symbol, company name, ...). Only symbols with a daily file exist for this provider. Files are
 * read once per process: they do not change while it runs.
 */
export class CsvMarketData implements MarketDataProvider {
  readonly source = 'csv';
  private stocks?: Promise<Map<string, StockSearchResult>>;
  private readonly bars = new Map<string, Promise<DailyBar[]>>();

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {}

  async search(query: string): Promise<StockSearchResult[]> {
    return searchStocks([...(await this.knownStocks()).values()], query);
  }

  async quote(symbol: string): Promise<Quote> {
    const stock = await this.stock(symbol);
    const bars = await this.dailyBars(symbol, '0000-01-01', this.clock.today());
    return quoteFromBars({ ...stock, exchange: exchangeOf(symbol) }, bars.slice(-2));
  }

  async dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    await this.stock(symbol);
    const last = to < this.clock.today() ? to : this.clock.today();
    return (await this.allBars(symbol)).filter((bar) => bar.date >= from && bar.date <= last);
  }

  private async stock(symbol: string): Promise<StockSearchResult> {
    const stock = (await this.knownStocks()).get(symbol);
    if (!stock) throw notFound(`Unknown symbol: ${symbol}`);
    return stock;
  }

  private knownStocks(): Promise<Map<string, StockSearchResult>> {
    this.stocks ??= this.loadStocks();
    return this.stocks;
  }

  private async loadStocks(): Promise<Map<string, StockSearchResult>> {
    const files = await readdir(join(this.dir, 'daily'));
    const names = await this.loadNames();
    const symbols = files.filter((file) => file.toLowerCase().endsWith('.csv')).map((file) => file.slice(0, -4));
    return new Map(
      symbols.map((symbol) => {
        const name = names.get(symbol) ?? knownListing(symbol)?.name ?? symbol;
        return [symbol, { symbol, name }];
      }),
    );
  }

  private async loadNames(): Promise<Map<string, string>> {
    const records = parseCsvTable(await readFile(join(this.dir, 'symbols.csv'), 'utf8'));
    const nameColumn = NAME_COLUMNS.find((column) => records[0] && column in records[0]);
    assertInvariant(nameColumn && records[0] && 'symbol' in records[0], 'symbols.csv needs a symbol and a name column');
    return new Map(records.map((record) => [record.symbol!.toUpperCase(), record[nameColumn]!]));
  }

  private allBars(symbol: string): Promise<DailyBar[]> {
    let bars = this.bars.get(symbol);
    if (!bars) {
      bars = this.loadBars(symbol);
      this.bars.set(symbol, bars);
    }
    return bars;
  }

  private async loadBars(symbol: string): Promise<DailyBar[]> {
    const records = parseCsvTable(await readFile(join(this.dir, 'daily', `${symbol}.csv`), 'utf8'));
    const bars = splitAdjustedBars(symbol, records);
    assertValidBars(symbol, bars);
    return bars;
  }
}
