import { describe, expect, it } from 'vitest';
import { checkInvariants, holdForRefund, ledgerTxId } from '../domain/ledger';
import { fixedClockAt } from '../domain/clock';
import type { TopUpHistory } from '../domain/ledger/topUps';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { readLedger } from '../adapters/firestore/ledgerRepository';
import { commitToWallet } from '../adapters/firestore/walletWriter';
import { creditTopUp } from '../adapters/firestore/wallets';
import { applyTopUpHistory } from './paymentEvents';
import { releaseRefundHold } from './support/refundHolds';

/**
 * A top-up's history into its wallet (docs/product.md#admin-refunds) against the Firestore emulator, where the ledger
 * refuses a step: an admin's refund and the end of its hold land together or not at all.
 */
const { db } = adminSdk();
const now = new Date('2026-03-02T15:00:00.000Z');
const clock = fixedClockAt('2026-03-02', now);

describe('applyTopUpHistory when the ledger refuses a step', () => {
  it("commits an admin's refund and the end of its hold together or not at all: neither, when the hold's end is refused", async () => {
    const userId = `hold-unit-${Date.now()}`;
    const paymentIntentId = `pi_${userId}`;
    const holdId = `${userId}-h1`;
    await creditTopUp(db, { paymentIntentId, userId, amountCents: 1000, succeeded: true }, now);
    await commitToWallet(db, {
      userId,
      now,
      steps: [
        {
          txId: ledgerTxId.refundHold(holdId),
          decide: (w) => holdForRefund(w, { holdId, paymentIntentId, amountCents: 300, refundableCents: 1000, now }),
        },
      ],
    });
    // Stripe's refund names the hold but is not what it held: the hold cannot become it.
    const history: TopUpHistory = {
      payment: { paymentIntentId, userId, succeeded: true, status: 'succeeded', amountCents: 1000 },
      refunds: [{ refundId: 're_other', amountCents: 200, status: 'succeeded', holdId }],
      disputes: [],
    };

    const refused = await applyTopUpHistory(db, history, clock);
    const refundTxId = ledgerTxId.topUpRefund(paymentIntentId, 're_other');
    expect(refused).toEqual([
      {
        userId,
        txId: refundTxId,
        reason: expect.stringContaining(`(held back with it: ${ledgerTxId.refundHoldRelease(holdId)})`) as unknown,
      },
    ]);
    // Neither landed: the money is out of Available once (held), not twice (held and refunded).
    const ledger = (await readLedger(db, userId))!;
    expect(ledger.transactions.map((t) => t.type).sort()).toEqual(['deposit', 'refund_hold']);
    expect(ledger.wallet).toMatchObject({ balance: 700, refundHolds: { [holdId]: { amountCents: 300 } } });
    expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
    // Delivered again: refused again, as a whole.
    expect(await applyTopUpHistory(db, history, clock)).toHaveLength(1);
    expect((await readLedger(db, userId))!.transactions).toHaveLength(2);
    // No hold left for the nightly resolver of a later file: this top-up is not Stripe's.
    await releaseRefundHold({ db, clock }, userId, holdId);
  });
});
