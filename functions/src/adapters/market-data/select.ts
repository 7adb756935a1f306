import { MarketDataSource } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import type { MarketDataProvider } from '../../domain/market-data/provider';
import { CsvMarketData } from './csv';
import { DemoMarketData } from './demo';
import { MassiveClient } from './massive-client';
import { MassiveMarketData } from './massive';

/** Massive kept Polygon's API; its old host still answers. */
export const DEFAULT_MASSIVE_BASE_URL = 'https://api.polygon.io';

/**
 * The provider the settings ask for (param values by name, config.ts): MARKET_DATA_PROVIDER (massive | csv | demo) when set, else csv when
 * MARKET_DATA_DIR is set, else demo, so that a fresh clone runs offline. A missing setting fails at startup.
 */
export function providerFromEnv(env: Record<string, string | undefined>, clock: Clock): MarketDataProvider {
  const source = chosenSource(env);
  switch (source) {
    case 'massive':
      return new MassiveMarketData(
        new MassiveClient({
          baseUrl: env.MASSIVE_BASE_URL || DEFAULT_MASSIVE_BASE_URL,
          apiKey: required(env, 'MASSIVE_API_KEY'),
        }),
        clock,
      );
    case 'csv':
      return new CsvMarketData(required(env, 'MARKET_DATA_DIR'), clock);
    case 'demo':
      return new DemoMarketData(clock);
  }
}

export function chosenSource(env: Record<string, string | undefined>): MarketDataSource {
  const asked = env.MARKET_DATA_PROVIDER;
  if (!asked) return env.MARKET_DATA_DIR ? 'csv' : 'demo';
  const parsed = MarketDataSource.safeParse(asked);
  if (!parsed.success) {
    throw new Error(`MARKET_DATA_PROVIDER must be one of ${MarketDataSource.options.join(', ')}, got '${asked}'`);
  }
  return parsed.data;
}

function required(env: Record<string, string | undefined>, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set for the chosen market data provider`);
  return value;
}
