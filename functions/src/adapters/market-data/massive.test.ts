import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../domain/clock';
import { MassiveClient } from './massive-client';
import { MassiveMarketData } from './massive';

/**
 * A stand-in for api.massive.com on 127.0.0.1 that replays recorded-shape bodies, so the adapter's real HTTP,
 * timeout and status handling run. Each test lists the answers by path pattern.
 */
type Route = { path: RegExp; status: number; fixture?: string; body?: string; delayMs?: number };
let routes: Route[] = [];
const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let baseUrl: string;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/massive/${name}.json`, import.meta.url), 'utf8');

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = routes.find((candidate) => candidate.path.test(path));
    const send = () => {
      res.writeHead(route?.status ?? 404, { 'Content-Type': 'application/json' });
      res.end(route ? (route.body ?? fixture(route.fixture!)) : fixture('ticker-details-not-found'));
    };
    if (route?.delayMs) setTimeout(send, route.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  routes = [];
  requests.length = 0;
});

const DETAILS: Route = { path: /^\/v3\/reference\/tickers\/AAPL$/, status: 200, fixture: 'ticker-details-aapl' };
const massiveOn = (today: string, timeoutMs?: number) =>
  new MassiveMarketData(new MassiveClient({ baseUrl, apiKey: 'test-key', timeoutMs }), fixedClock(today));

describe('MassiveMarketData', () => {
  it('searches active stocks with the key in a header, the exact symbol first', async () => {
    routes = [{ path: /^\/v3\/reference\/tickers$/, status: 200, fixture: 'tickers-search' }];
    expect(await massiveOn('2024-01-05').search('aapl')).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc.' },
      { symbol: 'APLE', name: 'Apple Hospitality REIT, Inc.' },
    ]);
    const { url, headers } = requests[0]!;
    expect(Object.fromEntries(new URL(url, baseUrl).searchParams)).toMatchObject({
      search: 'aapl',
      market: 'stocks',
      active: 'true',
    });
    expect(headers.authorization).toBe('Bearer test-key');
    expect(url).not.toContain('test-key');
  });

  it('reads split-adjusted daily bars, dated in New York, never past today', async () => {
    routes = [{ path: /^\/v2\/aggs\/ticker\/AAPL\/range\/1\/day\//, status: 200, fixture: 'aggs-aapl-2023-01' }];
    const bars = await massiveOn('2023-01-10').dailyBars('AAPL', '2023-01-01', '2023-12-31');
    expect(bars).toEqual([
      { date: '2023-01-09', open: 130.465, high: 133.41, low: 129.89, close: 130.15, volume: 70790813 },
      { date: '2023-01-10', open: 130.26, high: 131.2636, low: 128.12, close: 130.73, volume: 63896155 },
    ]);
    const url = new URL(requests[0]!.url, baseUrl);
    expect(url.pathname).toBe('/v2/aggs/ticker/AAPL/range/1/day/2023-01-01/2023-01-10');
    expect(Object.fromEntries(url.searchParams)).toEqual({ adjusted: 'true', sort: 'asc', limit: '50000' });
  });

  it('returns no bars for a range without sessions (Massive omits `results`)', async () => {
    routes = [{ path: /^\/v2\/aggs\//, status: 200, fixture: 'aggs-empty' }];
    expect(await massiveOn('2023-01-10').dailyBars('AAPL', '2023-01-07', '2023-01-08')).toEqual([]);
  });

  it('quotes from the snapshot with the name and exchange of the ticker details', async () => {
    routes = [
      DETAILS,
      { path: /^\/v2\/snapshot\/locale\/us\/markets\/stocks\/tickers\/AAPL$/, status: 200, fixture: 'snapshot-aapl' },
    ];
    const massive = massiveOn('2020-11-12');
    const quote = await massive.quote('AAPL');
    expect(quote).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      price: 120.47,
      priceChange: 0.98,
      priceChangePercent: 0.82,
      open: 119.62,
      previousClose: 119.49,
      dayLow: 118.81,
      dayHigh: 120.53,
      asOf: '2020-11-12T15:45:18.306Z',
    });
    await massive.quote('AAPL');
    expect(requests.filter((r) => r.url.startsWith('/v3/reference/tickers/AAPL'))).toHaveLength(1);
  });

  it('falls back to the last daily closes on a plan without snapshots, and stops asking for them', async () => {
    routes = [
      DETAILS,
      { path: /^\/v2\/snapshot\//, status: 403, fixture: 'snapshot-not-authorized' },
      { path: /^\/v2\/aggs\//, status: 200, fixture: 'aggs-aapl-2023-01' },
    ];
    const massive = massiveOn('2023-01-11');
    expect(await massive.quote('AAPL')).toMatchObject({
      price: 133.49,
      previousClose: 130.73,
      open: 131.25,
      dayLow: 130.46,
      dayHigh: 133.51,
      asOf: '2023-01-11T21:00:00.000Z',
    });
    await massive.quote('AAPL');
    expect(requests.filter((r) => r.url.startsWith('/v2/snapshot/'))).toHaveLength(1);
    expect(new URL(requests.at(-1)!.url, baseUrl).pathname).toBe(
      '/v2/aggs/ticker/AAPL/range/1/day/2023-01-01/2023-01-11',
    );
  });

  it('quotes the close of the pinned day, not the live snapshot, when the clock replays the past', async () => {
    routes = [
      DETAILS,
      { path: /^\/v2\/snapshot\//, status: 200, fixture: 'snapshot-aapl' },
      { path: /^\/v2\/aggs\//, status: 200, fixture: 'aggs-aapl-2020-11' },
    ];
    expect(await massiveOn('2020-11-11').quote('AAPL')).toMatchObject({
      price: 119.49,
      previousClose: 116.32,
      asOf: '2020-11-11T21:00:00.000Z',
    });
  });

  it("maps HTTP 429 to 'Rate limit exceeded'", async () => {
    routes = [{ path: /./, status: 429, fixture: 'rate-limited' }];
    await expect(massiveOn('2023-01-11').search('apple')).rejects.toMatchObject({
      kind: 'rate_limited',
      message: expect.stringContaining('Rate limit exceeded'),
    });
  });

  it('maps 404 to notFound for an unknown symbol', async () => {
    routes = [{ path: /^\/v3\/reference\/tickers\/NOPE$/, status: 404, fixture: 'ticker-details-not-found' }];
    await expect(massiveOn('2023-01-11').quote('NOPE')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Unknown symbol: NOPE',
    });
  });

  it('maps 5xx, non-JSON answers, timeouts and unreachable hosts to upstreamUnavailable', async () => {
    routes = [{ path: /./, status: 502, body: '<html><body>502 Bad Gateway</body></html>' }];
    await expect(massiveOn('2023-01-11').search('apple')).rejects.toMatchObject({ kind: 'upstream_unavailable' });
    routes = [{ path: /./, status: 503, body: '{"status":"ERROR","error":"upstream timeout"}' }];
    await expect(massiveOn('2023-01-11').search('apple')).rejects.toMatchObject({
      kind: 'upstream_unavailable',
      message: expect.stringContaining('503'),
    });
    routes = [{ path: /./, status: 200, fixture: 'tickers-search', delayMs: 1_000 }];
    await expect(massiveOn('2023-01-11', 100).search('apple')).rejects.toMatchObject({
      kind: 'upstream_unavailable',
      message: expect.stringContaining('did not answer within 100 ms'),
    });
    const closed = new MassiveClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    await expect(new MassiveMarketData(closed, fixedClock('2023-01-11')).search('apple')).rejects.toMatchObject({
      kind: 'upstream_unavailable',
      message: expect.stringContaining('could not be reached'),
    });
  });

  it('rejects a 200 answer of an unexpected shape', async () => {
    routes = [{ path: /./, status: 200, body: '{"status":"OK","results":{"ticker":"AAPL"}}' }];
    await expect(massiveOn('2023-01-11').search('apple')).rejects.toMatchObject({ kind: 'upstream_unavailable' });
  });
});
