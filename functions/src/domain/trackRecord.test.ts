import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvariantViolation } from './errors';
import type { ModelId } from '@stockseer/contract';
import { addToTrackRecord, summarizeTrackRecord, trackRecordKey, type TrackRecordTotals } from './trackRecord';

const resolved = (status: 'hit' | 'missed', hitProbability: number | null, modelId: ModelId = 'arima') => ({
  modelId,
  timeFrame: 'short' as const,
  predictionType: 'future' as const,
  status,
  hitProbability,
});

describe('live track record', () => {
  it('counts, hit rate, mean predicted chance and Brier score per model and time frame', () => {
    const totals: TrackRecordTotals = {};
    addToTrackRecord(totals, resolved('hit', 0.5));
    addToTrackRecord(totals, resolved('missed', 0.4));
    // Made before the odds existed: counted, but not in the odds figures.
    addToTrackRecord(totals, resolved('hit', null));
    addToTrackRecord(totals, resolved('missed', 0.3, 'prophet'));
    const arima = summarizeTrackRecord(totals[trackRecordKey('arima', 'short')]);
    expect(arima.resolved).toBe(3);
    expect(arima.hits).toBe(2);
    expect(arima.meanPredicted).toBeCloseTo(0.45, 12);
    expect(arima.brier).toBeCloseTo((0.5 ** 2 + 0.4 ** 2) / 2, 12);
    expect(summarizeTrackRecord(totals[trackRecordKey('prophet', 'short')]).resolved).toBe(1);
    expect(summarizeTrackRecord(undefined)).toEqual({ resolved: 0, hits: 0, meanPredicted: null, brier: null });
  });

  it('refuses what is not a resolved user prediction', () => {
    expect(() => addToTrackRecord({}, { ...resolved('hit', 0.5), status: 'active' })).toThrow(InvariantViolation);
    expect(() => addToTrackRecord({}, { ...resolved('hit', 0.5), predictionType: 'historical' })).toThrow(
      InvariantViolation,
    );
  });

  it('keeps the Brier score between 0 and 1 and the mean inside the predictions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 50 }),
        (items) => {
          const totals: TrackRecordTotals = {};
          for (const [hit, p] of items) addToTrackRecord(totals, resolved(hit ? 'hit' : 'missed', p));
          const summary = summarizeTrackRecord(totals[trackRecordKey('arima', 'short')]);
          expect(summary.brier!).toBeGreaterThanOrEqual(0);
          expect(summary.brier!).toBeLessThanOrEqual(1 + 1e-12);
          expect(summary.meanPredicted!).toBeGreaterThanOrEqual(Math.min(...items.map(([, p]) => p)) - 1e-12);
          expect(summary.meanPredicted!).toBeLessThanOrEqual(Math.max(...items.map(([, p]) => p)) + 1e-12);
        },
      ),
    );
  });
});
