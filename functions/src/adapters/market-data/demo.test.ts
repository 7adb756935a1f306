import { describe, expect, it } from 'vitest';
import { isTradingDay, tradingDaysBetween } from '../../domain/calendar';
import { fixedClock } from '../../domain/clock';
import { DEMO_START, DemoMarketData } from './demo';
import { DIRECTORY, exchangeOf, knownListing } from './directory';

describe('the stock directory', () => {
  it('lists at least 100 distinct well-known stocks on NASDAQ or NYSE', () => {
    expect(DIRECTORY.size).toBeGreaterThanOrEqual(100);
    for (const stock of DIRECTORY.values()) {
      expect(stock.symbol).toMatch(/^[A-Z][A-Z.]{0,5}$/);
      expect(['NASDAQ', 'NYSE']).toContain(stock.exchange);
      expect(stock.startPrice).toBeGreaterThan(1);
      expect(stock.volatility).toBeGreaterThan(0.1);
      expect(stock.volatility).toBeLessThan(0.7);
    }
  });
});

describe('exchanges', () => {
  it('come from the directory, former listings, or the length of the symbol', () => {
    expect(exchangeOf('KO')).toBe('NYSE');
    expect(exchangeOf('PEP')).toBe('NASDAQ');
    expect(knownListing('FB')).toEqual({ name: 'Facebook, Inc.', exchange: 'NASDAQ' });
    expect(exchangeOf('ZZZZ')).toBe('NASDAQ');
    expect(exchangeOf('XYZ')).toBe('NYSE');
    expect(exchangeOf('BF.B')).toBe('NYSE');
  });
});

describe('DemoMarketData', () => {
  it('simulates every trading day from 2015-01-02 through today, and only those', async () => {
    const bars = await new DemoMarketData(fixedClock('2021-04-21')).dailyBars('KO', '2000-01-01', '2030-01-01');
    expect(bars[0]!.date).toBe(DEMO_START);
    expect(bars.at(-1)!.date).toBe('2021-04-21');
    expect(bars.map((bar) => bar.date)).toEqual(tradingDaysBetween(DEMO_START, '2021-04-21'));
    expect(bars.every((bar) => isTradingDay(bar.date))).toBe(true);
  });

  it('keeps every bar OHLC consistent, in cents, with a positive volume', async () => {
    for (const symbol of ['AAPL', 'TSLA', 'AMD', 'KO']) {
      const bars = await new DemoMarketData(fixedClock('2025-06-30')).dailyBars(symbol, DEMO_START, '2025-06-30');
      const broken = bars.filter(
        (bar) =>
          bar.low > Math.min(bar.open, bar.close) ||
          bar.high < Math.max(bar.open, bar.close) ||
          Math.round(bar.close * 100) / 100 !== bar.close ||
          !(bar.volume > 0),
      );
      expect(broken).toEqual([]);
    }
  });

  it('gives a symbol the same history whatever is asked first', async () => {
    const quoteFirst = new DemoMarketData(fixedClock('2024-03-28'));
    await quoteFirst.quote('AAPL');
    const rangeFirst = new DemoMarketData(fixedClock('2021-04-21'));
    const early = await rangeFirst.dailyBars('AAPL', '2020-01-01', '2020-12-31');
    expect(await quoteFirst.dailyBars('AAPL', '2020-01-01', '2020-12-31')).toEqual(early);
    expect(
      await new DemoMarketData(fixedClock('2021-04-21')).dailyBars('MSFT', '2020-01-01', '2020-12-31'),
    ).not.toEqual(early);
  });

  it('starts near the plausible price and moves with the stock’s volatility', async () => {
    for (const stock of [DIRECTORY.get('AAPL')!, DIRECTORY.get('KO')!, DIRECTORY.get('TSLA')!]) {
      const bars = await new DemoMarketData(fixedClock('2024-12-31')).dailyBars(stock.symbol, DEMO_START, '2024-12-31');
      expect(bars[0]!.close / stock.startPrice).toBeGreaterThan(0.9);
      expect(bars[0]!.close / stock.startPrice).toBeLessThan(1.1);
      const returns = bars.slice(1).map((bar, i) => Math.log(bar.close / bars[i]!.close));
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
      expect(Math.sqrt(variance * 252) / stock.volatility).toBeCloseTo(1, 1);
    }
  });

  it("shows today's session only after the 16:00 New York close", async () => {
    const morning = { today: () => '2021-04-21', now: () => new Date('2021-04-21T14:00:00Z') };
    expect((await new DemoMarketData(morning).quote('KO')).asOf).toBe('2021-04-20T20:00:00.000Z');
    const evening = new DemoMarketData(fixedClock('2021-04-21'));
    const quote = await evening.quote('KO');
    const [previous, last] = await evening.dailyBars('KO', '2021-04-20', '2021-04-21');
    expect(quote).toMatchObject({
      symbol: 'KO',
      name: 'The Coca-Cola Company',
      exchange: 'NYSE',
      price: last!.close,
      previousClose: previous!.close,
      asOf: '2021-04-21T20:00:00.000Z',
    });
  });

  it('searches the directory and rejects unknown symbols', async () => {
    const demo = new DemoMarketData(fixedClock('2021-04-21'));
    expect((await demo.search('apple'))[0]).toEqual({ symbol: 'AAPL', name: 'Apple Inc.' });
    expect((await demo.search('ms')).map((stock) => stock.symbol).slice(0, 2)).toEqual(['MS', 'MSFT']);
    await expect(demo.quote('NOPE')).rejects.toMatchObject({ kind: 'not_found', message: 'Unknown symbol: NOPE' });
  });
});
