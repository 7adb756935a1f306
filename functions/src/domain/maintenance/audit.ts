/**
 * What a maintenance shard checks after settling (issue 13): the ledger facts its predictions imply, read by id.
 * The whole-history check (`checkInvariants`) needs a query per wallet, which the Firestore emulator answers by
 * scanning every transaction (0.4 s a wallet at 7,000 transactions, one at a time): for 500 wallets, minutes. By id,
 * a shard's facts are a few batched reads, and with the transaction's own per-chunk check (operationViolations) they
 * cover what settling can break. Tests and `bench:maintenance` still run `checkInvariants` over every wallet.
 */
import { PREDICTION_FEE_CENTS, type Prediction, type Transaction, type Wallet } from '@stockseer/contract';

export interface SettledItem {
  prediction: Pick<Prediction, 'id' | 'status' | 'isFree'>;
  /** The `reserve:{predictionId}` transaction, if any. */
  reservation: Transaction | undefined;
  /** The `settle:{predictionId}` transaction, if any. */
  settlement: Transaction | undefined;
}

/** Empty when the wallet's predictions and their ledger traces agree. */
export function settlementViolations(wallet: Wallet, items: readonly SettledItem[]): string[] {
  const violations: string[] = [];
  for (const bucket of ['reservedBalance', 'chargedBalance'] as const) {
    if (!Number.isSafeInteger(wallet[bucket]) || wallet[bucket] < 0) {
      violations.push(`${bucket} of ${wallet.userId} is ${wallet[bucket]}`);
    }
  }
  let open = 0;
  for (const { prediction, reservation, settlement } of items) {
    const { id, status, isFree } = prediction;
    const foreign = [reservation, settlement].find((t) => t && t.walletId !== wallet.userId);
    if (foreign) violations.push(`${foreign.id} belongs to ${foreign.walletId}, not ${wallet.userId}`);
    if (isFree) {
      if (settlement) violations.push(`free prediction ${id} was settled (${settlement.type})`);
      continue;
    }
    if (reservation?.type !== 'reservation' || reservation.amount !== PREDICTION_FEE_CENTS) {
      violations.push(`paid prediction ${id} has no $1 reservation`);
    }
    if (status === 'active') {
      open += 1;
      if (settlement) violations.push(`active prediction ${id} is settled (${settlement.type})`);
      continue;
    }
    // A prediction cancelled by its owner's account closing was settled by its `cancellation` line.
    const expected = status === 'hit' ? 'payment' : status === 'missed' ? 'refund' : 'cancellation';
    if (settlement?.type !== expected || settlement.amount !== PREDICTION_FEE_CENTS) {
      violations.push(`${status} prediction ${id} should have a $1 ${expected}, has ${settlement?.type ?? 'none'}`);
    }
  }
  if (wallet.reservedBalance < open * PREDICTION_FEE_CENTS) {
    violations.push(`${wallet.userId} reserves ${wallet.reservedBalance} cents for ${open} open predictions`);
  }
  return violations;
}
