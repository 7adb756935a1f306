import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LatestPrice, PriceHistory, StockDetails } from '@stockseer/contract';
import { CsvMarketData } from '../../adapters/market-data/csv';
import { fixedClock } from '../clock';
import { MarketDataService } from './service';

const FIXTURES = fileURLToPath(new URL('../../adapters/market-data/fixtures/csv', import.meta.url));
const serviceOn = (today: string) => {
  const clock = fixedClock(today);
  return new MarketDataService(new CsvMarketData(FIXTURES, clock), clock);
};

describe('MarketDataService', () => {
  it('names its provider for the demo notice', () => {
    expect(serviceOn('2021-04-21').info()).toEqual({ provider: 'csv' });
  });

  it('searches with a trimmed query', async () => {
    expect(await serviceOn('2021-04-21').search('  apple ')).toEqual([{ symbol: 'AAPL', name: 'Apple Inc.' }]);
  });

  it('answers details and the latest price in the contract shapes, whatever the symbol case', async () => {
    const service = serviceOn('2021-04-21');
    const details = StockDetails.parse(await service.details(' ko'));
    expect(details).toMatchObject({ symbol: 'KO', price: 54.98, previousClose: 54.65, exchange: 'NYSE' });
    expect(LatestPrice.parse(await service.latestPrice('KO'))).toEqual({
      symbol: 'KO',
      price: 54.98,
      asOf: '2021-04-21T20:00:00.000Z',
    });
  });

  it('throws notFound for an unknown symbol and validationError for a malformed one', async () => {
    const service = serviceOn('2021-04-21');
    await expect(service.details('MSFT')).rejects.toMatchObject({ kind: 'not_found', message: 'Unknown symbol: MSFT' });
    await expect(service.history('MSFT')).rejects.toMatchObject({ kind: 'not_found', message: 'Unknown symbol: MSFT' });
    await expect(service.latestPrice('A/B')).rejects.toMatchObject({ kind: 'validation' });
  });

  it('charts the closes of the last year up to today', async () => {
    const history = PriceHistory.parse(await serviceOn('2020-09-01').history('aapl'));
    expect(history.symbol).toBe('AAPL');
    expect(history.points.at(-1)).toEqual({ date: '2020-09-01', close: 134.18 });
    expect(history.points).toHaveLength(5);
    const stale = await serviceOn('2021-04-21').history('AAPL', 200); // the files end on 2020-09-02
    expect(stale.points.map((point) => point.date)).toEqual([
      '2020-08-26',
      '2020-08-27',
      '2020-08-28',
      '2020-08-31',
      '2020-09-01',
      '2020-09-02',
    ]);
  });

  it('gives the forecaster the bars up to a date, never past today', async () => {
    const service = serviceOn('2020-08-31');
    expect((await service.barsUpTo('AAPL', '2020-08-28')).map((bar) => bar.date)).toEqual([
      '2020-08-26',
      '2020-08-27',
      '2020-08-28',
    ]);
    expect((await service.barsUpTo('AAPL', '2030-01-01')).at(-1)!.date).toBe('2020-08-31');
    expect((await service.barsUpTo('AAPL', '2020-08-28', 1)).map((bar) => bar.date)).toEqual([
      '2020-08-27',
      '2020-08-28',
    ]);
    await expect(service.barsUpTo('AAPL', '2020-01-01')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('names the last day with a price when asked for a day after the data ends, or before it starts', async () => {
    const service = serviceOn('2026-11-23'); // the AAPL fixture ends on 2020-09-02
    await expect(service.barsUpTo('AAPL', '2026-11-23')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'No price for AAPL on 2026-11-23: the market data ends on 2020-09-02.',
    });
    await expect(service.barsUpTo('AAPL', '2020-01-01')).rejects.toMatchObject({
      message: 'No price for AAPL on or before 2020-01-01: its prices start later.',
    });
    await expect(service.barsUpTo('MSFT', '2026-11-23')).rejects.toMatchObject({ message: 'Unknown symbol: MSFT' });
  });
});
