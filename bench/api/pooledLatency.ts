/**
 * How bench:api:side-by-side tells a change in the tail from noise. A burst of 10 s holds about 90 generates, so a
 * burst's p99 is its largest value or next to it; the median of those over rounds moved by up to 20% with the same
 * code on both sides (2026-11-27). Pooling every response of every round gives a p99 of thousands; resampling whole
 * rounds (both sides' bursts of a round together: they ran minutes apart at most, under the same machine load) gives
 * an interval for the change that keeps each round's common slowness in it.
 */
import { assertInvariant } from '../../functions/src/domain/errors';
import { quantile } from '../../functions/src/domain/models/series';
import { mulberry32 } from '../../functions/src/domain/seededRandom';

/** Each round's response times (ms) on the two sides. */
export interface PairedRounds {
  base: readonly (readonly number[])[];
  head: readonly (readonly number[])[];
}

export interface PooledChange {
  base: number;
  head: number;
  /** head / base - 1 on all rounds, and the 2.5% and 97.5% points of it over rounds resampled with replacement. */
  change: number;
  low: number;
  high: number;
}

const pooled = (rounds: readonly (readonly number[])[], picks: readonly number[], p: number) =>
  quantile(
    picks.flatMap((i) => rounds[i]!),
    p,
  );

/** The p-quantile of every answer per side, and a bootstrap interval (by round) for the head's change. */
export function pooledChange(rounds: PairedRounds, p: number, resamples = 1000, seed = 1): PooledChange {
  assertInvariant(rounds.head.length === rounds.base.length, 'pooledChange needs the same rounds on both sides');
  // A round where a side had no answer (every request refused) has nothing to pair; an empty resample has no quantile.
  const answered = rounds.base.flatMap((times, i) => (times.length > 0 && rounds.head[i]!.length > 0 ? [i] : []));
  const n = answered.length;
  assertInvariant(n > 0, 'pooledChange needs a round with answers on both sides');
  const base = pooled(rounds.base, answered, p);
  const head = pooled(rounds.head, answered, p);
  const uniform = mulberry32(seed);
  const changes: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    const picks = answered.map(() => answered[Math.floor(uniform() * n)]!);
    changes.push(pooled(rounds.head, picks, p) / pooled(rounds.base, picks, p) - 1);
  }
  return { base, head, change: head / base - 1, low: quantile(changes, 0.025), high: quantile(changes, 0.975) };
}
