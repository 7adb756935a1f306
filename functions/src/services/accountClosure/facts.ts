/**
 * What closing an account starts from, and what it would do (docs/product.md#closing-an-account): read once, decided
 * by the pure rules of domain/account/closure.ts, for the preview and for the closure itself.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { PREDICTION_FEE_CENTS, type Prediction, type Wallet } from '@stockseer/contract';
import { closureRefusal, refundPlan, type RefundPlan } from '../../domain/account/closure';
import { customerPayments, type WrittenLine } from '../../domain/ledger/payments';
import { readLedgerAsWritten } from '../../adapters/firestore/ledgerRepository';
import { futurePredictionsOf } from '../../adapters/firestore/predictions';

export interface ClosureFacts {
  /** Undefined once deleted (a resumed closure), or before the account first opened it. */
  wallet: Wallet | undefined;
  lines: WrittenLine[];
  openPaid: Prediction[];
  openFree: Prediction[];
}

export async function closureFacts(db: Firestore, userId: string): Promise<ClosureFacts> {
  const [{ wallet, lines }, predictions] = await Promise.all([
    readLedgerAsWritten(db, userId),
    futurePredictionsOf(db, userId),
  ]);
  const open = predictions.filter((p) => p.status === 'active');
  return { wallet, lines, openPaid: open.filter((p) => !p.isFree), openFree: open.filter((p) => p.isFree) };
}

/**
 * The refunds of Available once the open paid predictions are cancelled, the courtesy credit forfeited, and why the
 * account cannot close now (a debt, an open dispute), or null.
 */
export function closureDecision({ wallet, lines, openPaid }: ClosureFacts): RefundPlan & { refusal: string | null } {
  const available = (wallet?.balance ?? 0) + openPaid.length * PREDICTION_FEE_CENTS;
  return { ...refundPlan(available, customerPayments(lines)), refusal: wallet ? closureRefusal(wallet, lines) : null };
}
