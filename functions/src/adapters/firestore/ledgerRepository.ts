import type { DocumentSnapshot, Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import { Transaction, Wallet } from '@stockseer/contract';
import { ALREADY_APPLIED, applyOnce, heldChange, newWallet, type LedgerDecision } from '../../domain/ledger';
import { assertInvariant } from '../../domain/errors';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';
import { buildQuery, QUERIES } from './queries';

/**
 * Applies the pure ledger's decisions (domain/ledger.ts) to Firestore: every money movement of the product goes
 * through `applyLedgerOperation`, one Firestore transaction each, but maintenance's `settle:{predictionId}` lines
 * (walletSettlement.ts, many per transaction). Deposits and payment events use it; a generate's reservation
 * (`reserve:{predictionId}`, predictionReservation.ts) writes the prediction itself with `alsoWrite` in the same
 * transaction.
 */
export interface LedgerOperation<D extends LedgerDecision> {
  userId: string;
  /** The deterministic id (`ledgerTxId.*`) of the transaction the operation appends: its idempotency key. */
  txId: string;
  now: Date;
  /** The ledger rule, run on the wallet as stored; it may throw (e.g. insufficient funds) to abort. */
  decide: (wallet: Wallet) => D;
  /** Writes that belong to the same operation, made in the same transaction, only when it is applied. */
  alsoWrite?: (tx: FirestoreTransaction, decision: D) => void;
  /**
   * A change of the stored wallet that moves no money, made before `decide` and written with the operation: the
   * monthly allowance renewal, which a generate needs before it counts free predictions. Null: nothing to change.
   */
  renew?: (wallet: Wallet) => Wallet | null;
  /**
   * False when the caller has just looked for a replay itself (generate finds the prediction first): the
   * transaction's read is then the operation's only read of the wallet. It still checks `txId` for a replay.
   */
  replayReadFirst?: boolean;
  /**
   * 'refuse': a missing wallet, or one of an older shape, throws `WalletNotSetUp` instead of being created, so that
   * the caller can set up the account as `POST /api/me` does (user and wallet together) and try again.
   */
  ifNoWallet?: 'create' | 'refuse';
}

/** The wallet a `ifNoWallet: 'refuse'` operation needs is missing or of an older shape; nothing was written. */
export class WalletNotSetUp extends Error {
  constructor(readonly userId: string) {
    super(`the wallet of ${userId} is missing or of an older shape`);
  }
}

export type LedgerOutcome<D extends LedgerDecision> =
  | { applied: true; wallet: Wallet; decision: D }
  /** Done before (a replayed webhook, a retried request): nothing moved now; `existing` is the earlier trace. */
  | { applied: false; wallet: Wallet; existing: Transaction };

/**
 * Operations on one wallet serialise on its document: a burst (a payment, its webhook and the client's credit
 * request at once) can need more tries than Firestore's default 5 before each has had its turn.
 */
const MAX_ATTEMPTS = 10;

/**
 * Runs one ledger operation exactly once per `txId`, whatever the concurrency: the transaction reads the `txId`
 * document first (idempotency before balance checks: docs/product.md#ledger-lines), and Firestore retries the whole
 * function when a concurrent operation changed what it read. A wallet is created if none exists
 * (docs/product.md#wallet-figures), unless `ifNoWallet` is 'refuse' (generate: it sets the whole account up first, then
 * tries again).
 */
export async function applyLedgerOperation<D extends LedgerDecision>(
  db: Firestore,
  { userId, txId, now, decide, alsoWrite, renew, replayReadFirst = true, ifNoWallet = 'create' }: LedgerOperation<D>,
): Promise<LedgerOutcome<D>> {
  const walletRef = db.collection(COLLECTIONS.wallets).doc(userId);
  const txRef = db.collection(COLLECTIONS.transactions).doc(txId);
  if (replayReadFirst) {
    // Replays (webhook redeliveries, retried requests) are answered from a plain read, so they hold no lock against
    // the operations that still have work to do. The transaction checks again: a first run may commit in between.
    const replay = alreadyApplied(await db.getAll(txRef, walletRef), userId, txId);
    if (replay) return replay;
  }

  return runTransaction(
    db,
    async (tx) => {
      const snaps = await tx.getAll(txRef, walletRef);
      const [txSnap, walletSnap] = snaps;
      const stored = storedWallet(walletSnap, userId, now, ifNoWallet);
      const renewed = renew?.(stored) ?? null;
      if (renewed) {
        const moved = moneyMoved(stored, renewed);
        assertInvariant(moved.length === 0, `renewing wallet ${userId} before ${txId} moved ${moved.join(', ')}`);
      }
      const wallet = renewed ?? stored;
      const outcome = applyOnce(new Set(txSnap?.exists ? [txId] : []), txId, () => decide(wallet));
      if (outcome === ALREADY_APPLIED) return alreadyApplied(snaps, userId, txId)!;

      // applyOnce hands back decide's own result, so it is a D.
      const decision = outcome as D;
      const violations = operationViolations(wallet, decision);
      assertInvariant(violations.length === 0, `${txId} on wallet ${userId}: ${violations.join('; ')}`);
      tx.set(walletRef, decision.wallet);
      // `create` fails if the document exists: a second guard beside the read above.
      for (const t of decision.transactions) tx.create(db.collection(COLLECTIONS.transactions).doc(t.id), t);
      alsoWrite?.(tx, decision);
      return { applied: true, wallet: decision.wallet, decision };
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

function storedWallet(
  snap: DocumentSnapshot | undefined,
  userId: string,
  now: Date,
  ifNoWallet: 'create' | 'refuse',
): Wallet {
  if (ifNoWallet === 'create') return snap?.exists ? Wallet.parse(snap.data()) : newWallet(userId, now);
  const parsed = Wallet.safeParse(snap?.data());
  if (!parsed.success) throw new WalletNotSetUp(userId);
  return parsed.data;
}

/** The money buckets and identity fields `after` changed: none, for a change that is no ledger operation. */
function moneyMoved(before: Wallet, after: Wallet): string[] {
  const fields = ['userId', 'createdAt', 'balance', 'reservedBalance', 'chargedBalance'] as const;
  return fields.filter((field) => before[field] !== after[field]);
}

/** The outcome of a replay, from the `txId` and wallet documents; undefined when `txId` was never applied. */
function alreadyApplied(
  [txSnap, walletSnap]: DocumentSnapshot[],
  userId: string,
  txId: string,
): { applied: false; wallet: Wallet; existing: Transaction } | undefined {
  if (!txSnap?.exists) return undefined;
  const existing = Transaction.parse({ ...txSnap.data(), id: txId });
  // A deterministic id names one operation of one wallet; anything else is corruption, not a replay.
  assertInvariant(existing.walletId === userId, `${txId} belongs to ${existing.walletId}, replayed for ${userId}`);
  assertInvariant(walletSnap?.exists, `${txId} exists but wallet ${userId} does not`);
  return { applied: false, wallet: Wallet.parse(walletSnap.data()), existing };
}

/**
 * `checkInvariants` (domain/ledger.ts) checks a wallet against its whole history, too costly inside every
 * transaction. This is its per-operation form: when each applied decision moves the buckets by exactly what its
 * transactions say, the whole history keeps the invariants by induction. Empty means the decision is sound.
 */
export function operationViolations(before: Wallet, { wallet: after, transactions }: LedgerDecision): string[] {
  const sum = (...types: Transaction['type'][]) =>
    transactions.filter((t) => types.includes(t.type)).reduce((total, t) => total + t.amount, 0);
  const count = (type: Transaction['type']) => transactions.filter((t) => t.type === type).length;
  const held = (w: Wallet) => w.balance + w.reservedBalance + w.chargedBalance;
  const violations: string[] = [];
  const expect = (what: string, actual: number, expected: number) => {
    if (actual !== expected) violations.push(`${what} moved by ${actual}, its transactions say ${expected}`);
  };

  if (after.userId !== before.userId || after.createdAt !== before.createdAt)
    violations.push('the wallet changed identity');
  for (const t of transactions) {
    if (t.walletId !== before.userId) violations.push(`transaction ${t.id} names wallet ${t.walletId}`);
  }
  expect(
    'money held',
    held(after) - held(before),
    transactions.reduce((total, t) => total + heldChange(t), 0),
  );
  expect('chargedBalance', after.chargedBalance - before.chargedBalance, sum('payment'));
  expect(
    'reservedBalance',
    after.reservedBalance - before.reservedBalance,
    sum('reservation') - sum('payment', 'refund'),
  );
  expect('freePredictions', after.freePredictions - before.freePredictions, -count('free_prediction'));
  return violations;
}

/** A wallet and its whole history, for `checkInvariants` in maintenance and tests. */
export async function readLedger(
  db: Firestore,
  userId: string,
): Promise<{ wallet: Wallet; transactions: Transaction[] } | undefined> {
  const [walletSnap, txSnaps] = await Promise.all([
    db.collection(COLLECTIONS.wallets).doc(userId).get(),
    buildQuery(db, QUERIES.walletLedger, [userId]).get(),
  ]);
  if (!walletSnap.exists) return undefined;
  return {
    wallet: Wallet.parse(walletSnap.data()),
    transactions: txSnaps.docs.map((doc) => Transaction.parse({ ...doc.data(), id: doc.id })),
  };
}
