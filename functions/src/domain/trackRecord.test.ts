import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combineOutcomeSums, decileOf, emptyOutcomeSums, summarizeOutcomes, type ModelId } from '@stockseer/contract';
import { InvariantViolation } from './errors';
import {
  addToTrackRecord,
  publicTrackRecordRows,
  trackRecordKey,
  trackRecordOf,
  type TrackRecordTotals,
} from './trackRecord';

const resolved = (status: 'hit' | 'missed', hitProbability: number | null, modelId: ModelId = 'arima') => ({
  modelId,
  timeFrame: 'short' as const,
  status,
  hitProbability,
});

describe('track record', () => {
  it('counts, hit rate, mean predicted chance, Brier score and skill per model and time frame', () => {
    const totals: TrackRecordTotals = {};
    addToTrackRecord(totals, resolved('hit', 0.5));
    addToTrackRecord(totals, resolved('missed', 0.4));
    // Made before the odds existed: counted, but not in the odds figures.
    addToTrackRecord(totals, resolved('hit', null));
    addToTrackRecord(totals, resolved('missed', 0.3, 'prophet'));
    const arima = summarizeOutcomes(totals[trackRecordKey('arima', 'short')]);
    expect(arima.resolved).toBe(3);
    expect(arima.hits).toBe(2);
    expect(arima.meanPredicted).toBeCloseTo(0.45, 12);
    const brier = (0.5 ** 2 + 0.4 ** 2) / 2;
    expect(arima.brier).toBeCloseTo(brier, 12);
    // Against saying the base rate of those with odds (1 hit of 2) every time: 0.25.
    expect(arima.brierSkill).toBeCloseTo(1 - brier / 0.25, 12);
    expect(summarizeOutcomes(totals[trackRecordKey('prophet', 'short')]).resolved).toBe(1);
    const none = summarizeOutcomes(undefined);
    expect(none).toMatchObject({ resolved: 0, hits: 0, meanPredicted: null, brier: null, brierSkill: null });
    expect(none.reliability).toHaveLength(10);
  });

  it('puts each chance in its decile of the reliability chart, with its count, hits and mean', () => {
    const sums = trackRecordOf([
      resolved('hit', 0.3),
      resolved('missed', 0.35),
      resolved('hit', 0.62),
      resolved('hit', 1),
      resolved('missed', 0),
    ])[trackRecordKey('arima', 'short')];
    const bins = summarizeOutcomes(sums).reliability;
    expect(bins[3]).toMatchObject({ from: 0.3, to: 0.4, count: 2, hits: 1 });
    expect(bins[3]!.meanPredicted).toBeCloseTo(0.325, 12);
    expect(bins[6]).toMatchObject({ count: 1, hits: 1 });
    expect(bins[9]).toMatchObject({ count: 1, hits: 1, meanPredicted: 1 });
    expect(bins[0]).toMatchObject({ count: 1, hits: 0, meanPredicted: 0 });
    expect(bins[5]).toMatchObject({ count: 0, meanPredicted: null });
    expect([0.1, 0.2, 0.3, 0.6, 0.7, 0.9].map(decileOf)).toEqual([1, 2, 3, 6, 7, 9]);
  });

  it('refuses what is not resolved', () => {
    expect(() => addToTrackRecord({}, { ...resolved('hit', 0.5), status: 'active' })).toThrow(InvariantViolation);
  });

  it('adding two parts gives the sums of the whole, and taking one out gives the other back', () => {
    const outcome = fc.tuple(fc.boolean(), fc.option(fc.double({ min: 0, max: 1, noNaN: true })));
    fc.assert(
      fc.property(fc.array(outcome), fc.array(outcome), (a, b) => {
        const key = trackRecordKey('arima', 'short');
        const sumsOf = (items: typeof a) =>
          trackRecordOf(items.map(([hit, p]) => resolved(hit ? 'hit' : 'missed', p)))[key] ?? emptyOutcomeSums();
        const [sa, sb, whole] = [sumsOf(a), sumsOf(b), sumsOf([...a, ...b])];
        const merged = combineOutcomeSums(sa, sb);
        expect(merged.resolved).toBe(whole.resolved);
        expect(merged.bins.map((bin) => bin.count)).toEqual(whole.bins.map((bin) => bin.count));
        expect(merged.sumSquaredError).toBeCloseTo(whole.sumSquaredError, 9);
        expect(combineOutcomeSums(merged, sb, -1).bins.map((bin) => bin.hits)).toEqual(sa.bins.map((bin) => bin.hits));
      }),
    );
  });

  it('keeps the Brier score between 0 and 1 and the mean inside the predictions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 50 }),
        (items) => {
          const totals: TrackRecordTotals = {};
          for (const [hit, p] of items) addToTrackRecord(totals, resolved(hit ? 'hit' : 'missed', p));
          const summary = summarizeOutcomes(totals[trackRecordKey('arima', 'short')]);
          expect(summary.brier!).toBeGreaterThanOrEqual(0);
          expect(summary.brier!).toBeLessThanOrEqual(1);
          expect(summary.meanPredicted!).toBeGreaterThanOrEqual(Math.min(...items.map(([, p]) => p)) - 1e-12);
          expect(summary.meanPredicted!).toBeLessThanOrEqual(Math.max(...items.map(([, p]) => p)) + 1e-12);
          const binned = summary.reliability.reduce((n, bin) => n + bin.count, 0);
          expect(binned).toBe(items.length);
        },
      ),
    );
  });

  it('the public rows show figures from 5 resolved forecasts on, "Tracking" (null) below', () => {
    const forecasts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...resolved(i % 2 ? 'hit' : 'missed', 0.4),
        modelId: 'xgboost' as const,
      }));
    const rowOf = (live: TrackRecordTotals) =>
      publicTrackRecordRows(live, trackRecordOf(forecasts(20))).find(
        (r) => r.modelId === 'xgboost' && r.timeFrame === 'short',
      )!;
    expect(rowOf(trackRecordOf(forecasts(4))).live).toBeNull();
    expect(rowOf(trackRecordOf(forecasts(5))).live).toMatchObject({ resolved: 5, hits: 2 });
    expect(rowOf({}).backtest).toMatchObject({ resolved: 20 });
    const rows = publicTrackRecordRows({}, {});
    expect(rows.map((r) => `${r.modelId} ${r.timeFrame}`)).toHaveLength(9);
    expect(rows.every((r) => r.live === null && r.backtest === null)).toBe(true);
  });
});
