import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Timestamp } from 'firebase-admin/firestore';
import { stampOf, timestampOf } from './linePositions';

describe('commit stamps of ledger lines', () => {
  const instant = fc.record({
    seconds: fc.integer({ min: 0, max: 253_402_300_799 }),
    nanos: fc.integer({ min: 0, max: 999_999_999 }),
  });

  it('sort as the instants do, and give back the instant they were made of', () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [ta, tb] = [new Timestamp(a.seconds, a.nanos), new Timestamp(b.seconds, b.nanos)];
        const [sa, sb] = [stampOf(ta), stampOf(tb)];
        const earlier = a.seconds < b.seconds || (a.seconds === b.seconds && a.nanos < b.nanos);
        expect(sa < sb).toBe(earlier);
        expect(sa === sb).toBe(a.seconds === b.seconds && a.nanos === b.nanos);
        expect(timestampOf(sa).isEqual(ta)).toBe(true);
      }),
    );
  });

  it('put a line stamped before lines were first, and query those after it from the epoch', () => {
    expect(stampOf(undefined)).toBe('');
    expect(stampOf('2026-11-28T10:00:00.000Z')).toBe('');
    expect(stampOf(new Timestamp(0, 1)) > '').toBe(true);
    expect(timestampOf('').isEqual(new Timestamp(0, 0))).toBe(true);
  });
});
