import { describe, expect, it } from 'vitest';
import {
  billedSecondsAlone,
  billedSecondsBusy,
  monthCost,
  monthOf,
  monthRevenue,
  operationCost,
  perThousand,
  PRICES,
  USAGE,
  type HotOperation,
} from './cost';

describe('billed instance time', () => {
  it('alone: the request latency rounded up to 100 ms', () => {
    expect(billedSecondsAlone(1)).toBe(0.1);
    expect(billedSecondsAlone(100)).toBe(0.1);
    expect(billedSecondsAlone(101)).toBe(0.2);
    expect(billedSecondsAlone(1_250)).toBe(1.3);
  });

  it('busy: the instance second shared by its requests', () => {
    expect(billedSecondsBusy(200)).toBe(0.005);
    expect(() => billedSecondsBusy(0)).toThrow();
  });
});

describe('the cost of one operation', () => {
  it('adds compute (vCPU and memory for the billed time), the request and Firestore', () => {
    const cost = operationCost({ billedSeconds: 0.1, reads: 10, writes: 4 }, { vcpu: 2, memoryGiB: 2 });
    expect(cost.compute).toBeCloseTo(0.1 * (2 * 0.000024 + 2 * 0.0000025), 12);
    expect(cost.requests).toBeCloseTo(0.0000004, 12);
    expect(cost.firestore).toBeCloseTo(10 * 0.0000003 + 4 * 0.0000009, 12);
    expect(cost.total).toBeCloseTo(cost.compute + cost.requests + cost.firestore, 12);
  });

  it('per thousand is a thousand times each part', () => {
    const one = operationCost({ billedSeconds: 0.005, reads: 1, writes: 0 }, { vcpu: 1, memoryGiB: 0.5 });
    const thousand = perThousand(one);
    expect(thousand.total).toBeCloseTo(one.total * 1000, 9);
    expect(thousand.firestore).toBeCloseTo(PRICES.documentRead * 1000, 9);
  });
});

describe('a month of investors', () => {
  it('counts each operation from the usage per session', () => {
    const month = monthOf(1_000);
    const sessions = 1_000 * USAGE.sessionsPerMonth;
    expect(month.operations.quote).toBe(sessions * USAGE.perSession.quote);
    expect(month.operations.generateFits + month.operations.generatePrepared).toBe(
      sessions * USAGE.perSession.generate,
    );
    // 8 generates a month, 5 of them free.
    expect(month.paidPredictions).toBe(1_000 * 3);
  });

  it('fits at most each forecast once a trading day, however many ask', () => {
    const month = monthOf(1_000_000);
    expect(month.operations.generateFits).toBe(USAGE.forecastsPerDay * USAGE.tradingDaysPerMonth);
  });

  it('bills each operation at its cost, and earns $1 per paid hit', () => {
    const month = monthOf(100);
    const costOf = { quote: 1, history: 0, historical: 0, preview: 0, generatePrepared: 0, generateFits: 0 } as Record<
      HotOperation,
      number
    >;
    expect(monthCost(month, costOf)).toBe(month.operations.quote);
    expect(monthRevenue(month, 0.5)).toBe(month.paidPredictions / 2);
    expect(() => monthRevenue(month, 1.5)).toThrow();
  });
});
