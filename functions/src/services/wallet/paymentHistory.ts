import type { Firestore } from 'firebase-admin/firestore';
import type { TransactionLine } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { figuresBefore, NO_MONEY, statementLines, walletFigures } from '../../domain/ledger/lines';
import { predictionsOfLines, walletHistory } from '../../adapters/firestore/walletHistory';

/**
 * The caller's Payment History, newest first: a statement (docs/product.md#statement) whose lines add up to the
 * wallet's figures. Counted from zero over a whole history; when older lines are left out, from what the wallet held
 * before them.
 */
export async function paymentHistory(db: Firestore, uid: string, clock: Clock): Promise<TransactionLine[]> {
  const { wallet, lines, whole } = await walletHistory(db, uid, clock.now());
  const oldestFirst = [...lines].reverse();
  const opening = whole || !wallet ? NO_MONEY : figuresBefore(walletFigures(wallet), oldestFirst);
  const predictions = await predictionsOfLines(db, lines);
  return statementLines(oldestFirst, opening)
    .reverse()
    .map((line) => ({ ...line, prediction: predictions.get(line.id) ?? null }));
}
