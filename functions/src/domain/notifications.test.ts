import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Notification, TimeFrame } from '@stockseer/contract';
import {
  allowanceRenewed,
  predictionResolved,
  topUpDispute,
  topUpRefunded,
  watchAlertReached,
  type NotificationDraft,
} from './notifications';

/** As the adapter stores it: unread, stamped with the change's instant. */
const stored = (draft: NotificationDraft) =>
  Notification.parse({ ...draft, read: false, createdAt: new Date(0).toISOString() });

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);
const resolution = fc.record({
  predictionId: id,
  symbol: fc.constantFrom('AAPL', 'KO', 'BRK.B'),
  timeFrame: fc.constantFrom(...TimeFrame.options),
  status: fc.constantFrom('hit' as const, 'missed' as const),
  isFree: fc.boolean(),
});
const cents = fc.integer({ min: 1, max: 100_000 });

describe('inbox entries (domain/notifications.ts)', () => {
  it('say what a resolution moved: $1 charged or released when paid, nothing when free, and name its line', () => {
    fc.assert(
      fc.property(resolution, id, (p, runId) => {
        const entry = stored(predictionResolved(p, runId));
        expect(entry).toMatchObject({
          id: `resolved:${p.predictionId}`,
          kind: p.status === 'hit' ? 'prediction.hit' : 'prediction.missed',
          runId,
          amountCents: p.isFree ? 0 : 100,
          transactionId: p.isFree ? null : `settle:${p.predictionId}`,
        });
      }),
    );
  });

  it('are named by what they report: the same change the same id, two changes two ids', () => {
    fc.assert(
      fc.property(resolution, resolution, id, id, (a, b, run1, run2) => {
        // A retried shard (another attempt, perhaps a later run) names the entry of a prediction alike.
        expect(predictionResolved(a, run1).id).toBe(predictionResolved({ ...a, status: 'hit' }, run2).id);
        if (a.predictionId !== b.predictionId) {
          expect(predictionResolved(a, run1).id).not.toBe(predictionResolved(b, run1).id);
        }
      }),
    );
    fc.assert(
      fc.property(id, id, id, cents, (paymentIntentId, refundId, disputeId, amountCents) => {
        const steps = (['opened', 'won', 'lost'] as const).map(
          (stage) => topUpDispute({ paymentIntentId, disputeId, amountCents, stage }).id,
        );
        const all = [topUpRefunded({ paymentIntentId, refundId, amountCents }).id, ...steps];
        expect(new Set(all).size).toBe(4);
      }),
    );
  });

  it("carry Stripe's money and the line it wrote, and no run", () => {
    fc.assert(
      fc.property(
        id,
        id,
        cents,
        fc.constantFrom('opened' as const, 'won' as const, 'lost' as const),
        (pi, x, amountCents, stage) => {
          const refund = stored(topUpRefunded({ paymentIntentId: pi, refundId: x, amountCents }));
          expect(refund).toMatchObject({
            kind: 'topUp.refunded',
            runId: null,
            amountCents,
            transactionId: `top-up-refund:${pi}:${x}`,
          });
          const dispute = stored(topUpDispute({ paymentIntentId: pi, disputeId: x, amountCents, stage }));
          const line = { opened: `dispute:${pi}:${x}`, won: `dispute-won:${pi}:${x}`, lost: `dispute-lost:${pi}:${x}` };
          const kind = { opened: 'topUp.disputed', won: 'topUp.disputeWon', lost: 'topUp.disputeLost' };
          expect(dispute).toMatchObject({ kind: kind[stage], runId: null, amountCents, transactionId: line[stage] });
        },
      ),
    );
  });

  it('keep to the contract for a renewal and a watchlist alert', () => {
    expect(stored(allowanceRenewed({ freePredictions: 5, resetDate: '2026-12-26' }, 'run-1'))).toMatchObject({
      id: 'renewed:2026-12-26',
      kind: 'allowance.renewed',
      amountCents: 0,
      runId: 'run-1',
    });
    const alert = { symbol: 'KO', predictionDate: '2026-11-20', hitProbability: 0.62, atLeastPercent: 60 };
    expect(stored(watchAlertReached(alert, 'run-2'))).toMatchObject({
      id: 'watch:KO:2026-11-20',
      runId: 'run-2',
      ...alert,
    });
  });
});
