import { z } from 'zod';

/**
 * How stated chances of a hit compare with what happened (issue 24): running sums of resolved forecasts, and what a
 * reader is shown of them, a reliability chart in deciles of the stated chance. Pure, so the functions (the live
 * record, the back-test aggregates) and the web app (one stock's back-test) count alike.
 */

/** Deciles of the stated chance: 0-10%, 10-20%, ..., 90-100%. */
export const DECILES = 10;

export { TRACK_RECORD_MIN_RESOLVED } from './rules';

/** The decile a chance falls in (a chance of exactly 1 is in the top one). The epsilon keeps 0.3 in 30-40%. */
export const decileOf = (chance: number) => Math.min(DECILES - 1, Math.max(0, Math.floor(chance * DECILES + 1e-9)));

export interface DecileSums {
  count: number;
  hits: number;
  sumPredicted: number;
}

/** Running sums of resolved forecasts; a summary is derived from them. */
export interface OutcomeSums {
  resolved: number;
  hits: number;
  /** Resolved forecasts that carry a chance of a hit (the oldest user forecasts do not) and the sums over them. */
  withOdds: number;
  sumPredicted: number;
  sumSquaredError: number;
  /** `DECILES` entries, by `decileOf` of the stated chance. */
  bins: DecileSums[];
}

export const emptyOutcomeSums = (): OutcomeSums => ({
  resolved: 0,
  hits: 0,
  withOdds: 0,
  sumPredicted: 0,
  sumSquaredError: 0,
  bins: Array.from({ length: DECILES }, () => ({ count: 0, hits: 0, sumPredicted: 0 })),
});

/** Adds one resolved forecast to `sums` (in place: sums over many pages). */
export function addOutcome(sums: OutcomeSums, hitProbability: number | null, hit: boolean): void {
  const h = hit ? 1 : 0;
  sums.resolved += 1;
  sums.hits += h;
  if (hitProbability === null) return;
  sums.withOdds += 1;
  sums.sumPredicted += hitProbability;
  sums.sumSquaredError += (hitProbability - h) ** 2;
  const bin = sums.bins[decileOf(hitProbability)]!;
  bin.count += 1;
  bin.hits += h;
  bin.sumPredicted += hitProbability;
}

/** `a + sign × b`, field by field: merging stored parts, or taking out what another part already holds. */
export function combineOutcomeSums(a: OutcomeSums, b: OutcomeSums, sign: 1 | -1 = 1): OutcomeSums {
  return {
    resolved: a.resolved + sign * b.resolved,
    hits: a.hits + sign * b.hits,
    withOdds: a.withOdds + sign * b.withOdds,
    sumPredicted: a.sumPredicted + sign * b.sumPredicted,
    sumSquaredError: a.sumSquaredError + sign * b.sumSquaredError,
    bins: a.bins.map((bin, i) => {
      const other = b.bins[i]!;
      return {
        count: bin.count + sign * other.count,
        hits: bin.hits + sign * other.hits,
        sumPredicted: bin.sumPredicted + sign * other.sumPredicted,
      };
    }),
  };
}

/** One decile of the reliability chart: forecasts that said a chance in [from, to), and how many of them hit. */
export const ReliabilityBin = z.object({
  from: z.number().min(0).max(1),
  to: z.number().min(0).max(1),
  count: z.number().int().min(0),
  hits: z.number().int().min(0),
  /** The mean chance stated in the decile; null when it is empty. */
  meanPredicted: z.number().min(0).max(1).nullable(),
});
export type ReliabilityBin = z.infer<typeof ReliabilityBin>;

/**
 * What a reader sees of a set of resolved forecasts. `meanPredicted`, `brier`, `brierSkill` and the bins cover the
 * ones made with a chance of a hit. Brier skill is against the set's own hit rate said every time (the
 * climatological forecast): above 0, the stated chances told hits from misses better than the base rate did.
 */
export const TrackRecordSummary = z.object({
  resolved: z.number().int().min(0),
  hits: z.number().int().min(0),
  meanPredicted: z.number().min(0).max(1).nullable(),
  brier: z.number().min(0).max(1).nullable(),
  brierSkill: z.number().max(1).nullable(),
  reliability: z.array(ReliabilityBin),
});
export type TrackRecordSummary = z.infer<typeof TrackRecordSummary>;

/** Float sums may drift a hair outside [0, 1] (0.30000000000000004 of one forecast): means are clamped. */
const unit = (x: number) => Math.min(1, Math.max(0, x));

export function summarizeOutcomes(sums: OutcomeSums | undefined): TrackRecordSummary {
  const s = sums ?? emptyOutcomeSums();
  const hitsWithOdds = s.bins.reduce((n, bin) => n + bin.hits, 0);
  const brier = s.withOdds === 0 ? null : unit(s.sumSquaredError / s.withOdds);
  const baseRate = s.withOdds === 0 ? 0 : hitsWithOdds / s.withOdds;
  const climatology = baseRate * (1 - baseRate);
  return {
    resolved: s.resolved,
    hits: s.hits,
    meanPredicted: s.withOdds === 0 ? null : unit(s.sumPredicted / s.withOdds),
    brier,
    brierSkill: brier === null || climatology === 0 ? null : 1 - brier / climatology,
    reliability: s.bins.map((bin, i) => ({
      from: i / DECILES,
      to: (i + 1) / DECILES,
      count: bin.count,
      hits: bin.hits,
      meanPredicted: bin.count === 0 ? null : unit(bin.sumPredicted / bin.count),
    })),
  };
}

/** The sums of a list of resolved forecasts (one stock's back-test in the web app). */
export function outcomeSumsOf(forecasts: readonly { status: string; hitProbability: number | null }[]): OutcomeSums {
  const sums = emptyOutcomeSums();
  // Only an outcome counts: not an open forecast, nor one cancelled when its owner closed the account.
  for (const f of forecasts) {
    if (f.status === 'hit' || f.status === 'missed') addOutcome(sums, f.hitProbability, f.status === 'hit');
  }
  return sums;
}
