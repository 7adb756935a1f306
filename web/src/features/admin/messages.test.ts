import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT, booksSummary, maintenanceSummary } from './messages';

const report = {
  updatedCount: 3,
  resetWalletsCount: 0,
  cleanupCount: 20,
  preparedForecastsCount: 9,
  failedCount: 0,
  invariantViolations: 0,
  booksWalletsCount: 500,
  booksInCents: 575_000,
  booksChargedCents: 124_800,
  booksReservedCents: 0,
  booksDiscrepancies: 0,
  pushSentCount: 0,
  pushGoneCount: 0,
};

describe('admin texts', () => {
  it("words the default-model toasts with the timeframe and the model's name", () => {
    expect(ADMIN_TEXT.modelUpdated('short', 'ARIMA')).toBe('Default model for short term updated to ARIMA.');
    expect(ADMIN_TEXT.modelUpdateFailed('long')).toBe('Failed to update default model for long term.');
  });

  it('counts what maintenance did, in the singular where there is one', () => {
    expect(maintenanceSummary(report)).toBe(
      '3 outcomes updated, 0 wallets reset, 20 historical predictions cleaned up',
    );
    expect(maintenanceSummary({ ...report, updatedCount: 1, resetWalletsCount: 1, cleanupCount: 1 })).toBe(
      '1 outcome updated, 1 wallet reset, 1 historical prediction cleaned up',
    );
  });

  it('names failures and invariant violations only when there are some', () => {
    expect(maintenanceSummary({ ...report, failedCount: 2, invariantViolations: 1 })).toBe(
      '3 outcomes updated, 0 wallets reset, 20 historical predictions cleaned up, 2 failed (retried on the next run), 1 invariant violation',
    );
  });

  it('names the summaries pushed to devices only when there are some', () => {
    expect(maintenanceSummary({ ...report, pushSentCount: 1 })).toBe(
      '3 outcomes updated, 0 wallets reset, 20 historical predictions cleaned up, 1 notification pushed',
    );
  });

  it('states the books of the nightly audit, and says where to look when they do not balance', () => {
    expect(booksSummary(report)).toBe(
      'Books balanced: 500 wallets, $5,750.00 in, $1,248.00 charged, $0.00 reserved, 0 discrepancies',
    );
    expect(booksSummary({ ...report, booksWalletsCount: 1, booksDiscrepancies: 1 })).toBe(
      'Books out of balance: 1 wallet, $5,750.00 in, $1,248.00 charged, $0.00 reserved, 1 discrepancy (see Payment alerts)',
    );
  });
});
