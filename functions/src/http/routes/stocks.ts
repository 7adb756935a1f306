import { Router, type RequestHandler } from 'express';
import { StockSearchQuery, StockSymbolParams } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { parseInput } from '../validate';
import { callerOf } from '../auth';

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
export function stockRoutes({ marketData, rateLimiter }: Pick<AppDeps, 'marketData' | 'rateLimiter'>): Router {
  const router = Router();

  router.get('/market-data', (_req, res) => {
    res.json(marketData.info());
  });

  // Before `/stocks/:symbol`, which would otherwise read "search" as a symbol.
  router.get('/stocks/search', async (req, res) => {
    const { q } = parseInput(StockSearchQuery, req.query);
    await rateLimiter.enforce(callerOf(req).uid, 'stocks.search');
    res.json(await marketData.search(q));
  });

  router.get(
    '/stocks/:symbol',
    bySymbol((symbol) => marketData.details(symbol)),
  );
  router.get(
    '/stocks/:symbol/price',
    bySymbol((symbol) => marketData.latestPrice(symbol)),
  );
  router.get(
    '/stocks/:symbol/history',
    bySymbol((symbol) => marketData.history(symbol)),
  );

  return router;
}
