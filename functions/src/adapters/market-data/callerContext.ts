import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request context of market data calls: the user a request is served for, wherever in it the provider ends up
 * being called (the route sets it; the provider budget reads it). Calls outside any request (daily maintenance)
 * have none.
 */
const marketDataCaller = new AsyncLocalStorage<string>();

/** Runs `next` (the rest of a request) with its provider calls attributed to `uid`. */
export function attributeCallsTo(uid: string, next: () => void): void {
  marketDataCaller.run(uid, next);
}

/** The user the current provider call is made for, if any. */
export function currentCaller(): string | undefined {
  return marketDataCaller.getStore();
}
