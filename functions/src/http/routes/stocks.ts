import type { RequestHandler } from 'express';
import { StockSearchQuery, StockSymbolParams } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { parseInput } from '../validate';
import { callerOf } from '../auth';
import { get, type ApiRoute } from '../routeTable';

/** A `/stocks/:symbol...` route: validate the symbol, answer with what `read` gives for it. */
const bySymbol =
  (read: (symbol: string) => Promise<unknown>): RequestHandler =>
  async (req, res) => {
    const { symbol } = parseInput(StockSymbolParams, req.params);
    res.json(await read(symbol));
  };

/**
 * Market data for the stock search, card and chart. Unknown symbols (404) and provider rate limits (429, "Rate limit
 * exceeded") come from the market data service as AppErrors.
 */
export function stockRoutes({ marketData, rateLimiter }: Pick<AppDeps, 'marketData' | 'rateLimiter'>): ApiRoute[] {
  return [
    get('/market-data', 'signedIn', (_req, res) => {
      res.json(marketData.info());
    }),

    // Before `/stocks/:symbol`, which would otherwise read "search" as a symbol.
    get('/stocks/search', 'signedIn', async (req, res) => {
      const { q } = parseInput(StockSearchQuery, req.query);
      await rateLimiter.enforce(callerOf(req).uid, 'stocks.search');
      res.json(await marketData.search(q));
    }),

    get(
      '/stocks/:symbol',
      'signedIn',
      bySymbol((symbol) => marketData.details(symbol)),
    ),
    get(
      '/stocks/:symbol/price',
      'signedIn',
      bySymbol((symbol) => marketData.latestPrice(symbol)),
    ),
    get(
      '/stocks/:symbol/history',
      'signedIn',
      bySymbol((symbol) => marketData.history(symbol)),
    ),
  ];
}
