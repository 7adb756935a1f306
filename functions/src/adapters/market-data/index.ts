import type { Firestore } from 'firebase-admin/firestore';
import type { Clock } from '../../domain/clock';
import { MarketDataService } from '../../domain/market-data/service';
import { CachedMarketData } from './cache';
import { providerFromEnv } from './select';
import { BudgetedProvider, type ProviderBudget } from './budget';

/**
 * The market data service of the app: the provider the settings choose (the deployed functions pass their params,
 * config.ts; tests and tools the environment), behind the Firestore cache. Build it once per process: providers
 * keep parsed files, simulated paths and ticker names in memory.
 */
export function createMarketDataService(
  deps: { db: Firestore; clock: Clock; budget?: ProviderBudget },
  settings: Readonly<Record<string, string | undefined>> = process.env,
): MarketDataService {
  const source = providerFromEnv(settings, deps.clock);
  const budgeted = deps.budget ? new BudgetedProvider(source, deps.budget) : source;
  const provider = new CachedMarketData(budgeted, deps.db, deps.clock);
  return new MarketDataService(provider, deps.clock);
}
