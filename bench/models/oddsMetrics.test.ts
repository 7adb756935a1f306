import { describe, expect, it } from 'vitest';
import {
  calibrationSlope,
  clusteredError,
  expectedCalibrationError,
  oddsScores,
  reliability,
  targetsMet,
  type ScoredOdds,
} from './oddsMetrics';

/** A deterministic uniform stream in [0, 1) (mulberry32: consecutive draws are independent enough for this). */
function uniforms(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const logit = (p: number) => Math.log(p / (1 - p));
const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/** Stated chances spread over 10% to 90%, outcomes drawn from logistic(a + b logit(p)). */
function synthetic(n: number, a: number, b: number, seed = 1): ScoredOdds[] {
  const next = uniforms(seed);
  return Array.from({ length: n }, () => {
    const p = 0.1 + 0.8 * next();
    return { p, hit: next() < logistic(a + b * logit(p)) ? 1 : 0 };
  });
}

describe('calibration slope and intercept', () => {
  it('finds slope 1 and intercept 0 for calibrated chances', () => {
    const { slope, intercept } = calibrationSlope(synthetic(40_000, 0, 1));
    expect(slope).toBeCloseTo(1, 1);
    expect(intercept).toBeCloseTo(0, 1);
  });

  it('recovers a known slope and intercept: chances spread too wide give a slope below 1', () => {
    const { slope, intercept } = calibrationSlope(synthetic(40_000, -0.3, 0.6, 2));
    expect(Math.abs(slope - 0.6)).toBeLessThan(0.04);
    expect(Math.abs(intercept + 0.3)).toBeLessThan(0.04);
  });

  it('is exact on data whose frequencies follow the logistic law', () => {
    // Weighted by repetition: at logit p = -1, 0, 1 the hit shares are logistic(0.5 x (-1, 0, 1)) to 1/1000.
    const rows: ScoredOdds[] = [];
    for (const z of [-1, 0, 1]) {
      const hits = Math.round(1000 * logistic(0.5 * z));
      for (let i = 0; i < 1000; i++) rows.push({ p: logistic(z), hit: i < hits ? 1 : 0 });
    }
    const { slope, intercept } = calibrationSlope(rows);
    expect(slope).toBeCloseTo(0.5, 2);
    expect(intercept).toBeCloseTo(0, 2);
  });
});

describe('expected calibration error and the other scores', () => {
  it('weights each decile gap by its count', () => {
    const bins = [
      { meanPredicted: 0.2, observed: 0.25, count: 100 },
      { meanPredicted: 0.5, observed: 0.45, count: 300 },
      { meanPredicted: 0.8, observed: 0.8, count: 600 },
    ];
    expect(expectedCalibrationError(bins)).toBeCloseTo(0.1 * 0.05 + 0.3 * 0.05, 12);
  });

  it('bins by decile of the stated chance', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ p: i / 100, hit: i % 2 }));
    const bins = reliability(rows);
    expect(bins.map((b) => b.count)).toEqual(new Array(10).fill(10));
    expect(bins[0]!.meanPredicted).toBeCloseTo(0.045, 12);
    expect(bins[0]!.observed).toBe(0.5);
  });

  it('scores a constant chance at the hit rate as no skill, and its calibration as perfect in the large', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ p: 0.3, hit: i < 300 ? 1 : 0 }));
    const scores = oddsScores(rows);
    expect(scores.skill).toBeCloseTo(0, 12);
    expect(scores.calibrationInTheLarge).toBeCloseTo(0, 12);
    expect(scores.climatologyBrier).toBeCloseTo(0.21, 12);
  });

  it('gives calibrated chances skill, small gaps, and marks the targets met', () => {
    const scores = oddsScores(synthetic(20_000, 0, 1, 3));
    expect(scores.skill).toBeGreaterThan(0.1);
    expect(Math.abs(scores.calibrationInTheLarge)).toBeLessThan(0.01);
    expect(scores.ece).toBeLessThan(0.015);
    expect(scores.largestDecileGap).toBeLessThan(0.03);
    expect(oddsScores(synthetic(1000, 0, 1, 5)).largestDecileGap).toBeNull();
    expect(targetsMet(scores)).toEqual({
      skill: true,
      calibrationInTheLarge: true,
      ece: true,
      largestDecileGap: true,
      slope: true,
    });
  });

  it('finds the too-wide spread of overconfident chances', () => {
    const scores = oddsScores(synthetic(20_000, 0, 0.5, 4));
    expect(scores.largestDecileGap).toBeGreaterThan(0.1);
    expect(targetsMet(scores).slope).toBe(false);
    expect(targetsMet(scores).largestDecileGap).toBe(false);
  });
});

describe('the standard error of mean P - hit rate, clustered by day', () => {
  it('is the usual standard error when every forecast has a day of its own', () => {
    const scored = synthetic(2_000, 0, 1).map((s, i) => ({ ...s, day: `d${i}` }));
    const residuals = scored.map((s) => s.p - s.hit);
    const average = residuals.reduce((sum, x) => sum + x, 0) / residuals.length;
    const sampleVariance = residuals.reduce((sum, x) => sum + (x - average) ** 2, 0) / (residuals.length - 1);
    expect(clusteredError(scored)!.error).toBeCloseTo(Math.sqrt(sampleVariance / residuals.length), 12);
    expect(clusteredError(scored)!.days).toBe(2_000);
  });

  it('counts a day whose forecasts all hit or all miss together as one observation', () => {
    // 10 days of 100 forecasts at P = 0.5; on 5 days all hit, on 5 all miss: residuals +-0.5 per day.
    const scored = Array.from({ length: 1_000 }, (_, i) => ({
      p: 0.5,
      hit: Math.floor(i / 100) % 2,
      day: `d${Math.floor(i / 100)}`,
    }));
    // Per day the residuals sum to +-50; sqrt(10 / 9 x 10 x 50^2) / 1000 = 0.1667, the standard error of 10 draws.
    expect(clusteredError(scored)!.error).toBeCloseTo(Math.sqrt((10 / 9) * 10 * 2500) / 1000, 12);
    // Unclustered, the same forecasts would claim a standard error of about 0.016.
    const unclustered = clusteredError(scored.map((s, i) => ({ ...s, day: `x${i}` })))!.error;
    expect(unclustered).toBeLessThan(0.02);
    expect(clusteredError(scored)!.days).toBe(10);
  });

  it('is not computed without days, and oddsScores says so', () => {
    const scored = synthetic(500, 0, 1);
    expect(clusteredError(scored)).toBeNull();
    expect(oddsScores(scored).calibrationInTheLargeError).toBeNull();
    expect(oddsScores(scored).days).toBeNull();
  });
});
