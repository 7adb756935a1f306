/**
 * Generate by several distinct users at once: each its own funded account and one request at a time, all of them
 * together. Unlike the one-account scenarios this measures what many investors see, not one wallet's queue.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { APP_URL, newTestUser } from '../../tools/testing/api';
import { fundWallet } from '../../tools/testing/wallet';

export interface DistinctUsersResult {
  users: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

export async function distinctUsersAtOnce(
  db: Firestore,
  {
    users,
    seconds,
    warmUpSeconds,
    nextBody,
  }: {
    users: number;
    seconds: number;
    warmUpSeconds: number;
    /** The next request's body for user `user` (0 to users - 1). A throw ends the run: it has nothing left to ask. */
    nextBody: (user: number) => string;
  },
): Promise<DistinctUsersResult> {
  const accounts = await Promise.all(Array.from({ length: users }, (_, i) => newTestUser(`bench-distinct-${i}`)));
  await Promise.all(accounts.map((account) => fundWallet(db, account, { cents: 1_000_000, free: 0 })));

  const run = async (durationSeconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + durationSeconds * 1000;
    await Promise.all(
      accounts.map(async (account, user) => {
        while (performance.now() < until) {
          const body = nextBody(user);
          const started = performance.now();
          try {
            const res = await fetch(`${APP_URL}/api/predictions/generate`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
              body,
            });
            await res.arrayBuffer();
            if (!res.ok) errors += 1;
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - started);
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), errors };
  };

  // Unmeasured warm-up, as for the other scenarios: the Functions emulator starts a worker per concurrent request.
  await run(warmUpSeconds);
  const { latencies, errors } = await run(seconds);
  return {
    users,
    seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    requestsPerSecond: Math.round((latencies.length / seconds) * 100) / 100,
    requests: latencies.length,
    errors,
  };
}
