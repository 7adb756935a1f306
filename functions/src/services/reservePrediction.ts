/**
 * The one transaction of a generate: it reads the wallet once and decides from that read, with the ledger's pure
 * rules, the monthly allowance renewal, free or paid, the $1 reserve and the duplicate (`reserve:{predictionId}`
 * already applied), then writes the prediction, the Idempotency-Key's record and the forecast of the day (when this
 * generate fitted it or is the first to ask a prepared one) with the money.
 * Only a generate that must fit its model first (no one asked for this forecast today, not even its cost preview)
 * reads the wallet before, in its own transaction (services/predictions.ts, `walletForGenerate`).
 */
import type { Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import type { Clock } from '../domain/clock';
import { ledgerTxId, resetAllowanceIfDue, payForPrediction } from '../domain/ledger';
import { applyLedgerOperation, WalletNotSetUp, type LedgerOutcome } from '../adapters/firestore/ledgerRepository';
import { ensureUserAndWallet } from '../adapters/firestore/users';
import type { Caller } from '../domain/caller';

type Reserved = ReturnType<typeof payForPrediction>;

export async function reservePrediction(
  db: Firestore,
  caller: Caller,
  clock: Clock,
  {
    predictionId,
    ticker,
    now,
    alsoWrite,
  }: {
    predictionId: string;
    ticker: string;
    /** The instant the prediction is stamped with: its ledger lines carry the same one. */
    now: Date;
    /** The prediction (free or not, as decided) and what else the same transaction writes. */
    alsoWrite: (tx: FirestoreTransaction, decision: { isFree: boolean }) => void;
  },
): Promise<LedgerOutcome<Reserved>> {
  const reserve = () =>
    applyLedgerOperation<Reserved>(db, {
      userId: caller.uid,
      txId: ledgerTxId.reserve(predictionId),
      now,
      // The caller found no prediction of this id just before: a replay is rare enough for the transaction to see.
      replayReadFirst: false,
      ifNoWallet: 'refuse',
      renew: (wallet) => resetAllowanceIfDue(wallet, { today: clock.today(), now }),
      decide: (wallet) => payForPrediction(wallet, { predictionId, ticker, now }),
      alsoWrite,
    });
  try {
    return await reserve();
  } catch (error) {
    if (!(error instanceof WalletNotSetUp)) throw error;
    // A first action that is a generate, or a wallet from before `chargedBalance`: set the account up as
    // `POST /api/me` does, then reserve on the wallet that made.
    await ensureUserAndWallet(db, caller, now);
    return reserve();
  }
}
