import { describe, expect, it } from 'vitest';
import { accuracyLevel, accuracyOf, byTargetDateDesc, formatHitRate, hitRatePercent } from './accuracy';
import { makePrediction } from './predictions.testkit';

describe('accuracy badge level', () => {
  it.each([
    [100, 'good'],
    [60, 'good'],
    [59.9, 'fair'],
    [40, 'fair'],
    [39.9, 'poor'],
    [0, 'poor'],
  ] as const)('%s%% is %s', (percent, level) => {
    expect(accuracyLevel(percent)).toBe(level);
  });
});

describe('hit rate', () => {
  it('is exact for whole percentages and rounded to the 1 decimal shown', () => {
    expect(hitRatePercent(3, 5)).toBe(60);
    expect(hitRatePercent(2, 5)).toBe(40);
    expect(hitRatePercent(2, 3)).toBe(66.7);
    expect(hitRatePercent(1, 3)).toBe(33.3);
  });

  it('is null when nothing is resolved', () => {
    expect(hitRatePercent(0, 0)).toBeNull();
  });

  it('keeps colour and shown number in agreement at the edge: 59.96% shows as 60.0% and is green', () => {
    const percent = hitRatePercent(1499, 2500)!;
    expect(formatHitRate(percent)).toBe('60.0%');
    expect(accuracyLevel(percent)).toBe('good');
  });
});

describe('accuracyOf', () => {
  it('counts hit and missed only: active predictions have no outcome yet', () => {
    const statuses = ['hit', 'hit', 'hit', 'missed', 'missed', 'active', 'active'] as const;
    const predictions = statuses.map((status) => ({ status }));
    expect(accuracyOf(predictions)).toEqual({ hits: 3, resolved: 5, percent: 60 });
  });

  it('has no percentage when every prediction is still active', () => {
    expect(accuracyOf([{ status: 'active' }])).toEqual({ hits: 0, resolved: 0, percent: null });
  });
});

describe('byTargetDateDesc', () => {
  it('puts the newest target first, then the newest made first, without touching its input', () => {
    const input = [
      makePrediction({ id: 'a', targetDate: '2026-01-10' }),
      makePrediction({ id: 'b', targetDate: '2026-03-01', createdAt: '2026-02-01T00:00:00.000Z' }),
      makePrediction({ id: 'c', targetDate: '2026-03-01', createdAt: '2026-02-02T00:00:00.000Z' }),
      makePrediction({ id: 'd', targetDate: '2025-12-31' }),
    ];
    expect(byTargetDateDesc(input).map((p) => p.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(input.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
