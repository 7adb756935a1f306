import type { Firestore } from 'firebase-admin/firestore';
import type { ClosurePreview } from '@stockseer/contract';
import { closureDecision, closureFacts } from './facts';

/** `GET /api/account/closure`: what closing the account now would do, shown before the owner confirms it. */
export async function closurePreview(db: Firestore, userId: string): Promise<ClosurePreview> {
  const facts = await closureFacts(db, userId);
  const { refunds, forfeitCents, refusal } = closureDecision(facts);
  return {
    refusal,
    availableCents: facts.wallet?.balance ?? 0,
    openPaidPredictions: facts.openPaid.map(({ id, symbol, timeFrame, targetDate }) => ({
      id,
      symbol,
      timeFrame,
      targetDate,
    })),
    openFreePredictions: facts.openFree.length,
    refunds,
    refundTotalCents: refunds.reduce((sum, r) => sum + r.refundCents, 0),
    forfeitCents,
  };
}
