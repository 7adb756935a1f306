import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../domain/clock';
import { rateLimited } from '../../domain/errors';
import type { MarketDataProvider } from '../../domain/market-data/provider';
import { MarketDataService } from '../../domain/market-data/service';
import { errorHandler } from '../errors';
import { setCaller } from '../auth';
import { stockRoutes } from './stocks';

// The emulator stack runs the demo provider, which never rate-limits: a provider that always answers 429 proves
// the route passes the "Rate limit exceeded" message through as HTTP 429 (docs/product.md#market-data).
const limited: MarketDataProvider = {
  source: 'massive',
  search: () => Promise.reject(rateLimited('Rate limit exceeded: 5 requests per minute')),
  quote: () => Promise.reject(rateLimited('Rate limit exceeded: 5 requests per minute')),
  dailyBars: () => Promise.reject(rateLimited('Rate limit exceeded: 5 requests per minute')),
};

let server: ReturnType<express.Express['listen']>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    setCaller(req, { uid: 'u1', email: null, displayName: null, photoURL: null, isAdmin: false });
    next();
  });
  const routes = stockRoutes({
    marketData: new MarketDataService(limited, fixedClock('2021-04-21')),
    rateLimiter: { enforce: () => Promise.resolve() },
  });
  for (const route of routes) app[route.method](`/api${route.path}`, ...route.handlers);
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('stock routes when the provider rate-limits', () => {
  it.each(['/stocks/search?q=apple', '/stocks/AAPL', '/stocks/AAPL/price', '/stocks/AAPL/history'])(
    'GET %s answers 429 with the Rate limit exceeded message',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { message: string }).message).toContain('Rate limit exceeded');
    },
  );

  it('still tells which provider is active', async () => {
    const res = await fetch(`${base}/market-data`);
    expect(await res.json()).toEqual({ provider: 'massive' });
  });
});
