import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IsoDate } from './common';
import { AllPredictionsQuery } from './admin';
import { MaintenanceRunId } from './maintenance';

describe('IsoDate', () => {
  it('accepts every date of the calendar, as toISOString writes it', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }), (d) => {
        expect(IsoDate.safeParse(d.toISOString().slice(0, 10)).success).toBe(true);
      }),
    );
    expect(IsoDate.safeParse('2024-02-29').success).toBe(true);
  });

  it.each(['2023-02-29', '2021-02-30', '2021-04-31', '2021-13-01', '2021-00-10', '2021-01-00', '9999-99-99'])(
    'refuses %s, which has the shape of a date but is none',
    (s) => {
      expect(IsoDate.safeParse(s).success).toBe(false);
    },
  );
});

describe('AllPredictionsQuery cursor', () => {
  it.each(['k_0123456789abcdef', 'h_AAPL_arima_short_2021-03-01_0', '6f1c3c1e-7b9e-4e55-9b1e-6f9e0c1d2a3b'])(
    'accepts a prediction id: %s',
    (cursor) => {
      expect(AllPredictionsQuery.safeParse({ cursor }).success).toBe(true);
    },
  );

  it.each(['a/b', '.', '..', '__name__', '', 'x'.repeat(201)])(
    'refuses %s, which Firestore would refuse as a document id',
    (cursor) => {
      expect(AllPredictionsQuery.safeParse({ cursor }).success).toBe(false);
    },
  );
});

describe('MaintenanceRunId', () => {
  it('accepts the ids runs are stored under', () => {
    expect(MaintenanceRunId.safeParse('2026-11-24T03-40-00-000Z-ab12cd').success).toBe(true);
  });

  it.each(['__000000000__', '__x__', 'a/b', '', 'x'.repeat(101)])(
    'refuses %s, which Firestore would refuse as a document id',
    (id) => {
      expect(MaintenanceRunId.safeParse(id).success).toBe(false);
    },
  );
});
