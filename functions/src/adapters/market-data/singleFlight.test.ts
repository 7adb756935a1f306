import { describe, expect, it } from 'vitest';
import { SingleFlight } from './singleFlight';

/** A provider call the test settles by hand, counting how often it was made. */
function countingCall<T>() {
  let calls = 0;
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const call = () => {
    calls += 1;
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { call, calls: () => calls, settle: () => pending.splice(0) };
}

describe('SingleFlight', () => {
  it('gives N concurrent callers of one key a single call and its one result', async () => {
    const flights = new SingleFlight();
    const provider = countingCall<{ price: number }>();
    const callers = Array.from({ length: 10 }, () => flights.run('quote:AAPL', provider.call));
    expect(provider.calls()).toBe(1);
    provider.settle().forEach((p) => p.resolve({ price: 101 }));
    const answers = await Promise.all(callers);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toEqual({ price: 101 });
  });

  it('keeps different keys apart', async () => {
    const flights = new SingleFlight();
    const provider = countingCall<string>();
    const both = Promise.all([flights.run('quote:AAPL', provider.call), flights.run('quote:MSFT', provider.call)]);
    expect(provider.calls()).toBe(2);
    provider.settle().forEach((p, i) => p.resolve(i === 0 ? 'AAPL' : 'MSFT'));
    expect(await both).toEqual(['AAPL', 'MSFT']);
  });

  it('shares a failure with every waiting caller, and does not keep it: the next caller calls again', async () => {
    const flights = new SingleFlight();
    const provider = countingCall<string>();
    const callers = Array.from({ length: 5 }, () => flights.run('quote:AAPL', provider.call));
    provider.settle().forEach((p) => p.reject(new Error('provider down')));
    const outcomes = await Promise.allSettled(callers);
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    expect(provider.calls()).toBe(1);

    const retry = flights.run('quote:AAPL', provider.call);
    expect(provider.calls()).toBe(2);
    provider.settle().forEach((p) => p.resolve('fresh'));
    expect(await retry).toBe('fresh');
  });

  it('starts a new call once the last one has answered', async () => {
    const flights = new SingleFlight();
    const provider = countingCall<number>();
    const first = flights.run('k', provider.call);
    provider.settle().forEach((p) => p.resolve(1));
    await first;
    const second = flights.run('k', provider.call);
    provider.settle().forEach((p) => p.resolve(2));
    expect(await second).toBe(2);
    expect(provider.calls()).toBe(2);
  });
});
