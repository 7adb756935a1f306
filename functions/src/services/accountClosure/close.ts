/**
 * `POST /api/account/close` (docs/product.md#closing-an-account). In this order, each step idempotent, so that a
 * closure stopped anywhere (a crash, Stripe out of reach) is finished by running it again:
 *
 * 1. admit: refused while the wallet owes money or a top-up is disputed;
 * 2. mark the wallet closing (no new prediction from then on) and cancel its open paid predictions, their $1 back to
 *    Available (`cancellation` lines, under the settlement's id: settled once), with the closure record, in one
 *    commit of the wallet writer; then cancel the open free ones; then cancel at Stripe every top-up PaymentIntent
 *    of the account not credited, so no card can pay it, and credit any Stripe says was paid first;
 * 3. forfeit the courtesy credit still unspent (what no card can take back: a `forfeiture` line, once per account),
 *    then refund the rest of Available to the cards, newest top-up first, through Stripe with keys derived from the
 *    closure, and write each refund into the ledger from Stripe's own history of the top-up, under the ids its
 *    webhook uses, so that the webhook, before or after, moves nothing twice;
 * 4. delete the wallet, at zero, in the transaction that records it;
 * 5. erase personal data and the sign-in account; the closure record says `closed`.
 *
 * A resumed closure first brings the ledger up to what Stripe has refunded, so a refund made just before a crash is
 * never asked for twice. A top-up paid after the wallet is deleted (it raced the cancellation) goes back to its card
 * by itself when its event comes (paidAfterClosure.ts).
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { ACCOUNT_MESSAGES, type CloseAccountResponse, type Prediction, type Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { assertInvariant, conflict } from '../../domain/errors';
import { closureRefundKey, closureRefusal, refundPlan } from '../../domain/account/closure';
import {
  assertInvariants,
  cancelReservation,
  forfeitCourtesyCredit,
  ledgerTxId,
  startClosing,
  type WalletStep,
} from '../../domain/ledger';
import { customerPayments, type WrittenLine } from '../../domain/ledger/payments';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { commitToWallet, deleteClosedWallet } from '../../adapters/firestore/walletWriter';
import { readLedgerAsWritten } from '../../adapters/firestore/ledgerRepository';
import {
  cancelFreePredictions,
  erasePersonalData,
  findClosure,
  recordCancellations,
  recordClosed,
  recordWalletDeleted,
  type ClosureRecord,
} from '../../adapters/firestore/accountClosures';
import { deleteSignInAccount } from '../../adapters/auth/accounts';
import { topUpIntentsOf } from '../../adapters/firestore/topUpIntents';
import { applyTopUpHistory } from '../paymentEvents';
import { closureDecision, closureFacts, type ClosureFacts } from './facts';

export interface CloseAccountDeps {
  db: Firestore;
  auth: Auth;
  clock: Clock;
  payments: PaymentGateway;
}

/** Rounds of refunds before giving up: a second one only when money came in while the first was made. */
const MAX_REFUND_ROUNDS = 3;

export async function closeAccount(deps: CloseAccountDeps, userId: string): Promise<CloseAccountResponse> {
  const { db, auth, clock } = deps;
  const started = await findClosure(db, userId);
  if (started === undefined || started.state === 'closing') {
    await settleMoney(deps, userId, started !== undefined);
    await deleteClosedWallet(db, userId, (tx, deleted) => recordWalletDeleted(tx, db, deleted));
  }
  const closure = await findClosure(db, userId);
  assertInvariant(closure, `the closure of ${userId} has no record`);
  if (closure.state !== 'closed') {
    await erasePersonalData(db, userId);
    await deleteSignInAccount(auth, userId);
    await recordClosed(db, userId, clock.now());
  }
  return closedOutcome(closure, (await readLedgerAsWritten(db, userId)).lines);
}

/** Steps 1 to 3: the wallet at zero Available and zero Reserved, its money back on the cards. */
async function settleMoney(deps: CloseAccountDeps, userId: string, resumed: boolean): Promise<void> {
  const { db } = deps;
  const facts = await closureFacts(db, userId);
  if (!resumed) {
    const { refusal } = closureDecision(facts);
    if (refusal !== null) throw conflict(refusal);
  } else {
    await catchUpWithStripe(deps, customerPayments(facts.lines));
  }
  await cancelOpenPredictions(deps, userId, facts);
  // A generate committed just before the wallet was marked is not in `facts`; none can come after the mark.
  const after = await closureFacts(db, userId);
  if (after.openPaid.length + after.openFree.length > 0) await cancelOpenPredictions(deps, userId, after);
  await cancelOpenTopUps(deps, userId, after);
  await refundAvailable(deps, userId);
}

/**
 * Marks the wallet closing and cancels its open paid predictions in one commit, with the closure record (created by
 * the first such commit); then cancels the open free ones.
 */
async function cancelOpenPredictions(deps: CloseAccountDeps, userId: string, { openPaid, openFree }: ClosureFacts) {
  const { db, clock } = deps;
  const now = clock.now();
  const steps: (WalletStep & { prediction?: Prediction })[] = [
    {
      txId: null,
      decide: (wallet) => {
        const closing = startClosing(wallet, now);
        return closing && { wallet: closing, transactions: [] };
      },
    },
    ...openPaid.map((prediction) => ({
      prediction,
      txId: ledgerTxId.settle(prediction.id),
      decide: (wallet: Wallet) =>
        cancelReservation(wallet, { predictionId: prediction.id, ticker: prediction.symbol, now }),
    })),
  ];
  await commitToWallet(db, {
    userId,
    now,
    steps,
    alsoWrite: (tx, applied) =>
      recordCancellations(tx, db, {
        userId,
        startedAt: applied.at(-1)!.decision.wallet.closingSince!,
        predictionIds: applied.flatMap(({ step }) => (step.prediction ? [step.prediction.id] : [])),
      }),
  });
  await cancelFreePredictions(
    db,
    userId,
    openFree.map((p) => p.id),
  );
}

/**
 * Cancels at Stripe each top-up PaymentIntent of the account that the ledger has not credited. One Stripe says was
 * paid before the cancel reached it is credited now, from Stripe's history, and refunded with the rest of Available.
 */
async function cancelOpenTopUps(deps: CloseAccountDeps, userId: string, { lines }: ClosureFacts) {
  const credited = new Set(customerPayments(lines).map((t) => t.paymentIntentId));
  for (const paymentIntentId of await topUpIntentsOf(deps.db, userId)) {
    if (credited.has(paymentIntentId)) continue;
    const payment = await deps.payments.cancelTopUp(paymentIntentId);
    if (payment.succeeded) await applyStripeHistory(deps, paymentIntentId);
  }
}

/** Refunds Available, newest top-up first, until the wallet is at zero. */
async function refundAvailable(deps: CloseAccountDeps, userId: string): Promise<void> {
  const { db, payments } = deps;
  for (let round = 1; ; round += 1) {
    const { wallet, lines } = await readLedgerAsWritten(db, userId);
    if (!wallet) return;
    // Money taken back meanwhile (a dispute opened while closing) stops it as it would have refused it.
    const refusal = closureRefusal(wallet, lines);
    if (refusal !== null) throw conflict(refusal);
    assertInvariant(wallet.reservedBalance === 0, `closing ${userId} left ${wallet.reservedBalance} cents reserved`);
    if (wallet.balance === 0) {
      // The books balance at closing: the whole history against the wallet about to be deleted.
      assertInvariants(wallet, lines);
      return;
    }
    if (round > MAX_REFUND_ROUNDS) throw conflict(ACCOUNT_MESSAGES.refundsPending);
    const topUps = customerPayments(lines);
    const plan = refundPlan(wallet.balance, topUps);
    if (plan.forfeitCents > 0) await forfeitUnrefundable(deps, userId, plan.forfeitCents);
    for (const { paymentIntentId, refundCents } of plan.refunds) {
      const refundedCents = topUps.find((t) => t.paymentIntentId === paymentIntentId)!.refundedCents;
      // A refund Stripe has not yet confirmed is not in its history: the next round asks for it again, by the same
      // key, and gets it back, until the rounds run out (refundsPending).
      await payments.refundTopUp({
        paymentIntentId,
        amountCents: refundCents,
        idempotencyKey: closureRefundKey(userId, paymentIntentId, refundedCents),
        metadata: { accountClosure: userId },
      });
      await applyStripeHistory(deps, paymentIntentId);
    }
  }
}

/**
 * The courtesy credit no card can take back, out of Available into the house's books, under the account's one
 * forfeiture id: a resumed closure finds it done. A credit given after it (none is, while closing) would be a bug.
 */
async function forfeitUnrefundable({ db, clock }: CloseAccountDeps, userId: string, amountCents: number) {
  const now = clock.now();
  const { applied } = await commitToWallet(db, {
    userId,
    now,
    steps: [
      { txId: ledgerTxId.forfeit(userId), decide: (wallet) => forfeitCourtesyCredit(wallet, { amountCents, now }) },
    ],
  });
  assertInvariant(applied.length === 1, `${userId} has ${amountCents} cents no card can take back, forfeited before`);
}

/** Whatever Stripe refunded of the wallet's top-ups, into the ledger: what a crash may have left out of it. */
async function catchUpWithStripe(deps: CloseAccountDeps, topUps: readonly { paymentIntentId: string }[]) {
  for (const { paymentIntentId } of topUps) await applyStripeHistory(deps, paymentIntentId);
}

/** A top-up's refunds as Stripe has them, into the ledger; a step the ledger refuses stops the closure. */
async function applyStripeHistory({ db, payments, clock }: CloseAccountDeps, paymentIntentId: string) {
  const refused = await applyTopUpHistory(db, await payments.retrieveTopUpHistory(paymentIntentId), clock);
  assertInvariant(
    refused.length === 0,
    () => `the ledger refused ${refused.map((r) => `${r.txId}: ${r.reason}`).join('; ')}`,
  );
}

/**
 * What the owner is told: the money refunded since the closure began, newest top-up first (read from the ledger,
 * which the books keep, so a resumed closure tells it all).
 */
function closedOutcome(closure: ClosureRecord, lines: readonly WrittenLine[]): CloseAccountResponse {
  const before = lines.filter((line) => line.writtenAt < closure.writtenAt);
  const refundedBefore = new Map(customerPayments(before).map((t) => [t.paymentIntentId, t.refundedCents]));
  const refunds = customerPayments(lines)
    .map(({ paymentIntentId, refundedCents }) => ({
      paymentIntentId,
      refundCents: refundedCents - (refundedBefore.get(paymentIntentId) ?? 0),
    }))
    .filter((r) => r.refundCents > 0);
  return {
    refunds,
    refundTotalCents: refunds.reduce((sum, r) => sum + r.refundCents, 0),
    cancelledPredictions: closure.cancelledPredictions,
  };
}
