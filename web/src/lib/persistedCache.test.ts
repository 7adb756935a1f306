import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPersistedCache, persistedCache } from './persistedCache';

const WALLET = '@"/api/wallet","u1",';
const state = (data: unknown) => ({ data });
const leavePage = () => window.dispatchEvent(new Event('pagehide'));

/** A storage of its own per test: the caches of earlier tests still listen for `pagehide`. */
let storage: Storage;
beforeEach(() => {
  const items = new Map<string, string>();
  storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
});
const kept = () => JSON.parse(storage.getItem('stockseer-swr-cache') ?? '[]') as [string, unknown][];

describe('persistedCache', () => {
  it("keeps the user's own answers and the market data, never the admin's lists", () => {
    const cache = persistedCache(storage);
    cache.set(WALLET, state({ balance: 500 }));
    cache.set('@"/api/stocks/history","AAPL",', state({ points: [] }));
    cache.set('@"/api/push/subscriptions","u1",', state({ publicKey: 'k', devices: [] }));
    cache.set('$inf$@"/api/predictions/all?limit=50",', state([{ userEmail: 'someone@else.test' }]));
    cache.set('/api/admin/users?limit=100', state({ users: [] }));
    leavePage();
    expect(kept().map(([key]) => key)).toEqual([
      WALLET,
      '@"/api/stocks/history","AAPL",',
      '@"/api/push/subscriptions","u1",',
    ]);
    // A new page starts empty: what was kept comes back only offline (useKeptAnswersWhileOffline).
    expect(persistedCache(storage).get(WALLET)).toBeUndefined();
  });

  it('adds what a page loaded to what earlier pages kept, the newest answer of a key winning', () => {
    persistedCache(storage).set(WALLET, state({ balance: 500 }));
    leavePage();
    const reloaded = persistedCache(storage);
    reloaded.set('@"/api/stocks","AAPL",', state({ symbol: 'AAPL' }));
    reloaded.set(WALLET, state({ balance: 400 }));
    leavePage();
    expect(kept()).toEqual([
      ['@"/api/stocks","AAPL",', { symbol: 'AAPL' }],
      [WALLET, { balance: 400 }],
    ]);
  });

  it('forgets everything at sign-out, even what the open page still holds', () => {
    const cache = persistedCache(storage);
    cache.set(WALLET, state({ balance: 500 }));
    leavePage();
    forgetPersistedCache(storage);
    leavePage();
    expect(kept()).toEqual([]);
    cache.set('@"/api/wallet","u2",', state({ balance: 0 }));
    leavePage();
    expect(kept().map(([key]) => key)).toEqual(['@"/api/wallet","u2",']);
  });
});
