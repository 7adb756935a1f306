import type { Firestore } from 'firebase-admin/firestore';
import type { Clock } from '../../domain/clock';
import { MarketDataService } from '../../domain/market-data/service';
import { CachedMarketData } from './cache';
import { providerFromEnv } from './select';

/**
 * The market data service of the app: the provider the environment chooses, behind the Firestore cache. Build it
 * once per process: providers keep parsed files, simulated paths and ticker names in memory.
 */
export function createMarketDataService(
  deps: { db: Firestore; clock: Clock },
  env: Record<string, string | undefined> = process.env,
): MarketDataService {
  const provider = new CachedMarketData(providerFromEnv(env, deps.clock), deps.db, deps.clock);
  return new MarketDataService(provider, deps.clock);
}
