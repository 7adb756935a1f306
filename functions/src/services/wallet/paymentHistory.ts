import type { Firestore } from 'firebase-admin/firestore';
import type { TransactionLine } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { statementNewestFirst } from '../../domain/ledger/lines';
import { walletHistory, withPredictions } from '../../adapters/firestore/walletHistory';

/**
 * The caller's Payment History, newest first: a statement (docs/product.md#statement) whose lines add up to the
 * wallet's figures. Counted from zero over a whole history; when older lines are left out, from what the wallet held
 * before them.
 */
export async function paymentHistory(db: Firestore, uid: string, clock: Clock): Promise<TransactionLine[]> {
  return withPredictions(db, statementNewestFirst(await walletHistory(db, uid, clock.now())));
}
