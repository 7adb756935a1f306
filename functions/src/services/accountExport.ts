import type { Firestore } from 'firebase-admin/firestore';
import type { AccountExport } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import { newestLineFirst, statementNewestFirst } from '../domain/ledger/lines';
import { customerPayments } from '../domain/ledger/payments';
import { userProfileOf } from '../adapters/firestore/users';
import { readLedgerAsWritten } from '../adapters/firestore/ledgerRepository';
import { futurePredictionsOf } from '../adapters/firestore/predictions';
import { withPredictions } from '../adapters/firestore/walletHistory';

/**
 * "Download my data" (`GET /api/account/export`, docs/product.md#closing-an-account): the profile, the wallet, every
 * prediction, the whole statement (counted from zero, newest first, as the Wallet tab shows it) and the top-ups.
 */
export async function exportAccount(db: Firestore, uid: string, clock: Clock): Promise<AccountExport> {
  const [profile, { wallet, lines }, predictions] = await Promise.all([
    userProfileOf(db, uid),
    readLedgerAsWritten(db, uid),
    futurePredictionsOf(db, uid),
  ]);
  const newestFirst = [...lines].sort(newestLineFirst).map(({ writtenAt: _, ...line }) => line);
  const statement = await withPredictions(db, statementNewestFirst({ wallet: null, lines: newestFirst, whole: true }));
  return {
    exportedAt: clock.now().toISOString(),
    profile: profile ?? null,
    wallet: wallet ?? null,
    predictions,
    statement,
    payments: customerPayments(lines),
  };
}
