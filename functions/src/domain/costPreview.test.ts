import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Wallet } from '@stockseer/contract';
import { previewCost } from './costPreview';
import { payForPrediction } from './ledger';
import { AppError } from './errors';

const wallet = (balance: number, freePredictions: number): Wallet => ({
  userId: 'u1',
  balance,
  reservedBalance: 0,
  chargedBalance: 0,
  freePredictions,
  resetDate: '2026-12-24',
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
});
const context = { ticker: 'AAPL', now: new Date('2026-11-24T12:00:00Z') };

describe('cost preview', () => {
  it('names the three cases', () => {
    expect(previewCost(wallet(0, 3), 0.46, context)).toEqual({ kind: 'free' });
    expect(previewCost(wallet(500, 0), 0.46, context)).toEqual({
      kind: 'reserve',
      amountCents: 100,
      expectedCostCents: 46,
    });
    expect(previewCost(wallet(99, 0), 0.46, context)).toMatchObject({
      kind: 'insufficient',
      amountCents: 100,
      balanceCents: 99,
    });
  });

  it('always agrees with what generate charges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (balance, free, p) => {
          const preview = previewCost(wallet(balance, free), p, context);
          try {
            const decision = payForPrediction(wallet(balance, free), { predictionId: 'x', ...context });
            expect(preview.kind).toBe(decision.isFree ? 'free' : 'reserve');
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect(preview).toMatchObject({ kind: 'insufficient', message: (error as AppError).message });
          }
        },
      ),
    );
  });
});
