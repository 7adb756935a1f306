import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkInvariants,
  courtesyCredit,
  DEFAULT_COURTESY_CREDIT_CAPS,
  endRefundHold,
  heldForRefunds,
  holdForRefund,
  ledgerTxId,
  openDispute,
  payForPrediction,
  refundTopUp,
  startClosing,
  type WalletStep,
} from '../../domain/ledger';
import { AppError } from '../../domain/errors';
import { auditWallet } from '../../domain/maintenance/books';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { readLedger } from './ledgerRepository';
import { commitToWallet } from './walletWriter';
import { creditTopUp } from './wallets';

/**
 * The wallet writer against the Firestore emulator under generated races on one wallet: admin refund holds, courtesy
 * credits, generates, a dispute and a closing all at once; then Stripe's answers to the holds (the refund, or a
 * refusal), each delivered twice at once. Every refusal is a rule's (never a broken invariant), and the ledger and
 * the books audit are clean after each phase.
 */
const { db } = adminSdk();
const now = new Date('2026-03-02T15:00:00.000Z');
const TOP_UP_CENTS = 1000;

const racer = fc.oneof(
  fc.record({ kind: fc.constant('hold' as const), hold: fc.nat(3), amountCents: fc.integer({ min: 100, max: 600 }) }),
  fc.record({ kind: fc.constant('generate' as const), prediction: fc.nat(7) }),
  fc.record({
    kind: fc.constant('credit' as const),
    credit: fc.nat(3),
    amountCents: fc.integer({ min: 1, max: 6000 }),
  }),
  fc.record({ kind: fc.constant('dispute' as const), amountCents: fc.integer({ min: 100, max: 800 }) }),
  fc.record({ kind: fc.constant('close' as const) }),
);
type Racer = typeof racer extends fc.Arbitrary<infer T> ? T : never;

function stepOf(userId: string, paymentIntentId: string, op: Racer): WalletStep {
  switch (op.kind) {
    case 'hold': {
      const holdId = `${userId}-h${op.hold}`;
      return {
        txId: ledgerTxId.refundHold(holdId),
        decide: (w) =>
          holdForRefund(w, {
            holdId,
            paymentIntentId,
            amountCents: op.amountCents,
            refundableCents: TOP_UP_CENTS,
            now,
          }),
      };
    }
    case 'generate': {
      const predictionId = `${userId}-p${op.prediction}`;
      return {
        txId: ledgerTxId.reserve(predictionId),
        decide: (w) => payForPrediction(w, { predictionId, ticker: 'KO', now }),
      };
    }
    case 'credit': {
      const creditId = `${userId}-c${op.credit}`;
      return {
        txId: ledgerTxId.credit(creditId),
        decide: (w) =>
          courtesyCredit(w, { creditId, amountCents: op.amountCents, now, caps: DEFAULT_COURTESY_CREDIT_CAPS }),
      };
    }
    case 'dispute':
      return {
        txId: ledgerTxId.dispute(paymentIntentId, 'dp_1'),
        decide: (w) => openDispute(w, { paymentIntentId, disputeId: 'dp_1', amountCents: op.amountCents, now }),
      };
    case 'close':
      return {
        txId: null,
        decide: (w) => {
          const closing = startClosing(w, now);
          return closing && { wallet: closing, transactions: [] };
        },
      };
  }
}

async function cleanBooks(userId: string) {
  const ledger = await readLedger(db, userId);
  if (!ledger) throw new Error(`no wallet for ${userId}`);
  expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
  expect(auditWallet(ledger.wallet, ledger.transactions, { since: '', now }).violations).toEqual([]);
  return ledger;
}

/** Every refusal is a rule's answer (409, 402), never a broken invariant nor a transaction that gave up. */
function expectOnlyRefusals(outcomes: PromiseSettledResult<unknown>[]) {
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(AppError);
  }
}

describe('the wallet writer under generated races of support actions', () => {
  it('holds, credits, generates, a dispute and a closing at once, then the refunds: money moves once and the books balance', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(racer, { minLength: 4, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (racers, stripeRefuses) => {
          const userId = `races-${Date.now()}-${run++}`;
          const paymentIntentId = `pi_${userId}`;
          await creditTopUp(db, { paymentIntentId, userId, amountCents: TOP_UP_CENTS, succeeded: true }, now);
          const commit = (step: WalletStep) => commitToWallet(db, { userId, now, steps: [step] });

          expectOnlyRefusals(await Promise.allSettled(racers.map((op) => commit(stepOf(userId, paymentIntentId, op)))));
          const raced = await cleanBooks(userId);
          const disputed = raced.transactions.find((t) => t.type === 'dispute')?.amount ?? 0;
          // A closing wallet holds nothing for a refund: the mark is refused in the commit that would make it.
          if (raced.wallet.closingSince !== undefined) expect(heldForRefunds(raced.wallet)).toBe(0);
          // Only the dispute may take Available below zero; holds never do.
          expect(raced.wallet.balance).toBeGreaterThanOrEqual(-disputed);
          const credits = raced.transactions.filter((t) => t.type === 'credit').map((t) => t.amount);
          expect(credits.every((c) => c <= DEFAULT_COURTESY_CREDIT_CAPS.perCreditCents)).toBe(true);
          expect(credits.reduce((sum, c) => sum + c, 0)).toBeLessThanOrEqual(
            DEFAULT_COURTESY_CREDIT_CAPS.per30DaysCents,
          );

          // Stripe answers each hold, twice at once: a refund within what the top-up has left, else a refusal.
          let left = TOP_UP_CENTS - disputed;
          const answers = Object.entries(raced.wallet.refundHolds ?? {}).flatMap(([holdId, hold], i) => {
            const refused = stripeRefuses[i % stripeRefuses.length]! || hold.amountCents > left;
            const refundId = `re_${holdId}`;
            const end: WalletStep = {
              txId: ledgerTxId.refundHoldRelease(holdId),
              decide: (w) =>
                endRefundHold(w, {
                  holdId,
                  refund: refused ? null : { refundId, paymentIntentId, amountCents: hold.amountCents },
                  now,
                }),
            };
            if (!refused) left -= hold.amountCents;
            const refund: WalletStep = {
              txId: ledgerTxId.topUpRefund(paymentIntentId, refundId),
              decide: (w) => refundTopUp(w, { paymentIntentId, refundId, amountCents: hold.amountCents, now }),
            };
            const steps = refused ? [end] : [refund, end];
            return [steps, steps];
          });
          await Promise.all(answers.map((steps) => commitToWallet(db, { userId, now, steps })));
          const settled = await cleanBooks(userId);
          expect(settled.wallet.refundHolds).toBeUndefined();
          expect(heldForRefunds(settled.wallet)).toBe(0);
          // Each hold became its refund or went back, once: Available is where the holds left it, plus the releases.
          const released = settled.transactions
            .filter((t) => t.type === 'refund_hold_release')
            .filter((t) => !settled.transactions.some((r) => r.id.endsWith(`:re_${t.id.split(':')[1]}`)))
            .reduce((sum, t) => sum + t.amount, 0);
          expect(settled.wallet.balance).toBe(raced.wallet.balance + released);
        },
      ),
      { numRuns: 4 },
    );
  }, 300_000);
});
