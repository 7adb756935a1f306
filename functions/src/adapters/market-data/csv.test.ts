import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../domain/clock';
import { AppError, InvariantViolation } from '../../domain/errors';
import { CsvMarketData } from './csv';

const FIXTURES = fileURLToPath(new URL('./fixtures/csv', import.meta.url));
const csvOn = (today: string) => new CsvMarketData(FIXTURES, fixedClock(today));

describe('CsvMarketData', () => {
  it('searches only symbols that have a daily file, named from symbols.csv', async () => {
    const csv = csvOn('2021-04-21');
    expect(await csv.search('app')).toEqual([{ symbol: 'AAPL', name: 'Apple Inc.' }]);
    expect(await csv.search('coca')).toEqual([{ symbol: 'KO', name: 'Coca-Cola Company (The)' }]);
    expect(await csv.search('microsoft')).toEqual([]); // listed in symbols.csv, but no prices
    expect(await csv.search('zzz')).toEqual([{ symbol: 'ZZZZ', name: 'ZZZZ' }]); // prices without a name
  });

  it('divides the prices before a split by it, so the 4:1 split leaves no gap and later prices stay as traded', async () => {
    const bars = await csvOn('2021-04-21').dailyBars('AAPL', '2020-08-28', '2020-09-02');
    expect(bars[0]).toEqual({
      date: '2020-08-28',
      open: 504.05 / 4,
      high: 505.77 / 4,
      low: 498.31 / 4,
      close: 124.8075, // 499.23 as traded; Apple split 4:1 on 2020-08-31
      volume: 46907479 * 4,
    });
    expect(bars.slice(1).map((bar) => bar.close)).toEqual([129.04, 134.18, 131.4]);
  });

  it('ignores dividends: a dividend-adjusted close is not what a broker shows', async () => {
    // KO paid a dividend after 2021-03-01; its adjusted_close there is lower than the close that traded.
    const dir = await mkdtemp(join(tmpdir(), 'stockseer-csv-'));
    await mkdir(join(dir, 'daily'));
    await writeFile(join(dir, 'symbols.csv'), 'symbol,name\nKO,Coca-Cola\n');
    await writeFile(
      join(dir, 'daily', 'KO.csv'),
      'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient\n' +
        '2021-03-01,49.7,50.1,49.4,49.9,49.49,100,0,1\n' +
        '2021-03-12,51.2,51.6,51.0,51.44,51.44,100,0.42,1\n',
    );
    const ko = new CsvMarketData(dir, fixedClock('2021-03-12'));
    expect((await ko.dailyBars('KO', '2021-03-01', '2021-03-12')).map((bar) => bar.close)).toEqual([49.9, 51.44]);
    expect(await ko.quote('KO')).toMatchObject({ price: 51.44, previousClose: 49.9 });
  });

  it('returns no bar after the clock’s today', async () => {
    const bars = await csvOn('2020-08-31').dailyBars('AAPL', '2020-01-01', '2030-01-01');
    expect(bars.map((bar) => bar.date)).toEqual(['2020-08-26', '2020-08-27', '2020-08-28', '2020-08-31']);
  });

  it('quotes the last close up to today against the close before, as of 16:00 New York', async () => {
    expect(await csvOn('2020-09-02').quote('AAPL')).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      price: 131.4,
      priceChange: -2.78,
      priceChangePercent: -2.07,
      open: 137.59,
      previousClose: 134.18,
      dayLow: 127,
      dayHigh: 137.98,
      asOf: '2020-09-02T20:00:00.000Z',
    });
    const sunday = await csvOn('2021-04-25').quote('KO');
    expect(sunday).toMatchObject({ price: 54.98, previousClose: 54.65, exchange: 'NYSE' });
    expect((await csvOn('2021-04-21').quote('ZZZZ')).exchange).toBe('NASDAQ');
  });

  it('throws notFound for a symbol without a daily file, and before its first bar', async () => {
    const csv = csvOn('2021-04-21');
    await expect(csv.quote('MSFT')).rejects.toMatchObject({ kind: 'not_found', message: 'Unknown symbol: MSFT' });
    await expect(csv.dailyBars('NOPE', '2020-01-01', '2021-01-01')).rejects.toBeInstanceOf(AppError);
    await expect(csvOn('2019-01-01').quote('AAPL')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('fails loudly on a file whose bars break the OHLC invariant', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stockseer-csv-'));
    await mkdir(join(dir, 'daily'));
    await writeFile(join(dir, 'symbols.csv'), 'symbol,name\nBAD,Bad Data Inc.\n');
    await writeFile(
      join(dir, 'daily', 'BAD.csv'),
      'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient\n' +
        '2021-04-21,10,9,8,8.5,8.5,100,0,1\n',
    );
    await expect(new CsvMarketData(dir, fixedClock('2021-04-21')).quote('BAD')).rejects.toBeInstanceOf(
      InvariantViolation,
    );
  });
});
