import { beforeAll, describe, expect, it } from 'vitest';
import {
  LatestPrice,
  MarketDataInfo,
  PriceHistory,
  StockDetails,
  StockSearchResponse,
  type ErrorResponse,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';

// The stack runs the demo provider (no MARKET_DATA_DIR): simulated, deterministic prices for well-known stocks.
let token: string;
beforeAll(async () => {
  ({ token } = await newTestUser('stocks'));
});

const get = <T = unknown>(path: string) => apiCall<T>(path, { token });

describe('market data API through Hosting and the Functions emulator', () => {
  it.each([
    '/api/stocks/search?q=apple',
    '/api/stocks/AAPL',
    '/api/stocks/AAPL/price',
    '/api/stocks/AAPL/history',
    '/api/market-data',
  ])('answers 401 without a token: GET %s', async (path) => {
    const res = await apiCall<ErrorResponse>(path);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/sign in/i);
  });

  it('says the demo provider is active, so the UI can show its notice', async () => {
    const res = await get('/api/market-data');
    expect(res.status).toBe(200);
    expect(MarketDataInfo.parse(res.body)).toEqual({ provider: 'demo' });
  });

  it('searches by symbol and name, exact and prefix matches first', async () => {
    const bySymbol = await get('/api/stocks/search?q=aap');
    expect(bySymbol.status).toBe(200);
    expect(StockSearchResponse.parse(bySymbol.body)[0]).toEqual({ symbol: 'AAPL', name: 'Apple Inc.' });
    const byName = StockSearchResponse.parse((await get('/api/stocks/search?q=microsoft')).body);
    expect(byName.map((s) => s.symbol)).toContain('MSFT');
    expect(StockSearchResponse.parse((await get('/api/stocks/search?q=zzzz')).body)).toEqual([]);
  });

  it.each([
    ['/api/stocks/search?q=a', 'at least 2 characters'],
    ['/api/stocks/search?q=%20a%20', 'at least 2 characters'],
    ['/api/stocks/search', 'q:'],
    [`/api/stocks/search?q=${'x'.repeat(51)}`, 'too long'],
    ['/api/stocks/ABCDEFGHIJK', 'symbol must be 1 to 10 characters'],
    ['/api/stocks/A%24B/price', 'symbol must be 1 to 10 characters'],
    ['/api/stocks/A%20B/history', 'symbol must be 1 to 10 characters'],
  ])('answers 400 with a message for invalid input: GET %s', async (path, message) => {
    const res = await get<ErrorResponse>(path);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it.each(['/api/stocks/ZZZZ', '/api/stocks/ZZZZ/price', '/api/stocks/ZZZZ/history'])(
    'answers 404 with a message for an unknown symbol: GET %s',
    async (path) => {
      const res = await get<ErrorResponse>(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Unknown symbol: ZZZZ');
    },
  );

  it('quotes a stock with a consistent change, day range and as-of time; symbols are case-insensitive', async () => {
    const res = await get('/api/stocks/aapl');
    expect(res.status).toBe(200);
    const quote = StockDetails.parse(res.body);
    expect(quote).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ' });
    expect(quote.priceChange).toBeCloseTo(quote.price - quote.previousClose, 2);
    expect(quote.priceChangePercent).toBeCloseTo((100 * quote.priceChange) / quote.previousClose, 1);
    expect(quote.dayLow).toBeLessThanOrEqual(Math.min(quote.open, quote.price));
    expect(quote.dayHigh).toBeGreaterThanOrEqual(Math.max(quote.open, quote.price));
    // The last final session: at most a long weekend (plus a holiday) ago.
    expect(Date.now() - new Date(quote.asOf).getTime()).toBeLessThan(5 * 86_400_000);

    const price = LatestPrice.parse((await get('/api/stocks/AAPL/price')).body);
    expect(price).toEqual({ symbol: 'AAPL', price: quote.price, asOf: quote.asOf });
  });

  it('gives a year of daily closes, oldest first, ending at the quoted price', async () => {
    const res = await get('/api/stocks/AAPL/history');
    expect(res.status).toBe(200);
    const history = PriceHistory.parse(res.body);
    expect(history.symbol).toBe('AAPL');
    // About 252 sessions a year.
    expect(history.points.length).toBeGreaterThan(240);
    expect(history.points.length).toBeLessThan(260);
    const dates = history.points.map((p) => p.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(dates.length);
    const quote = StockDetails.parse((await get('/api/stocks/AAPL')).body);
    expect(history.points.at(-1)?.close).toBe(quote.price);
    expect(history.points.at(-2)?.close).toBe(quote.previousClose);
  });
});
