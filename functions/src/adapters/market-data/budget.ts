import type { DailyBar, StockSearchResult } from '@stockseer/contract';
import type { MarketDataProvider, Quote } from '../../domain/market-data/provider';

/** What each call to the market data provider costs: a share of the caller's limit and of everyone's budget. */
export interface ProviderBudget {
  /**
   * Counts one provider call before it is made. Throws `rate_limited` (429) when the caller used their share, or
   * `upstream_unavailable` (503) when all users together used the provider's budget; the cache in front then serves
   * what it has, stale or not, and only a request with nothing cached gets the error.
   */
  charge(): Promise<void>;
}

/**
 * The provider behind the budget: sits between the Firestore cache and the real provider, so that only cache
 * misses (a symbol not seen today, a quote older than a minute) are counted.
 */
export class BudgetedProvider implements MarketDataProvider {
  constructor(
    private readonly inner: MarketDataProvider,
    private readonly budget: ProviderBudget,
  ) {}

  get source() {
    return this.inner.source;
  }

  async search(query: string): Promise<StockSearchResult[]> {
    await this.budget.charge();
    return this.inner.search(query);
  }

  async quote(symbol: string): Promise<Quote> {
    await this.budget.charge();
    return this.inner.quote(symbol);
  }

  async dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    await this.budget.charge();
    return this.inner.dailyBars(symbol, from, to);
  }
}
