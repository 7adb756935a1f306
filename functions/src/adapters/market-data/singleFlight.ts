/**
 * Concurrent callers of the same key share one call (single flight): a cache miss under load asks the provider once
 * per instance, not once per request. The entry is dropped as soon as the call settles, so a failure reaches every
 * caller that was waiting for it and the next caller tries again: nothing is cached here.
 */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const started = call().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
