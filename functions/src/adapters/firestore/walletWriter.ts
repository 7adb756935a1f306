/**
 * The wallet writer: the only code that writes a wallet or its ledger lines (docs/architecture.md#the-wallet-writer;
 * walletWriter.guard.test.ts keeps it so). Sign-up, deposits, money taken back, a generate's reservation, the monthly
 * renewal and settlement all commit here: N ledger decisions on one wallet in one Firestore transaction, with one
 * retry policy, and with them what they add to the business overview's figures (domain/overview/figures.ts). What a
 * commit decides is pure (domain/ledger/commit.ts); this file reads, calls it and writes.
 */
import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Transaction as FirestoreTransaction,
} from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import type { Transaction } from '@stockseer/contract';
import { Wallet } from '@stockseer/contract';
import { planCommit, type DecisionOf, type WalletStep } from '../../domain/ledger';
import { upgradedWallet } from '../../domain/ledger/shape';
import { aggregateDeltasOf } from '../../domain/overview/figures';
import { AccountClosed, assertInvariant, InvariantViolation } from '../../domain/errors';
import { addBusinessFigures } from './businessFigures';
import { LINE_COMMITTED_AT } from './linePositions';
import { COLLECTIONS } from './db';
import { storedLine } from './storedLine';
import { buildQuery, QUERIES } from './queries';
import { runTransaction } from './runTransaction';

export interface WalletCommit<S extends WalletStep> {
  userId: string;
  /** The instant the new lines (and a new wallet) are stamped with, the same on every retry. */
  now: Date;
  steps: readonly S[];
  /**
   * Replays (webhook redeliveries, retried requests) are answered from a plain read first, so they hold no lock
   * against commits that still have work to do. False when the caller has just looked for a replay itself (a
   * generate finds its prediction first) or expects none (settlement): the transaction's read is then the only one.
   */
  replayReadFirst?: boolean;
  /**
   * Writes that belong with the money (a prediction, its status), made in the same transaction after the steps
   * applied, and only then. Not the wallet's nor its lines': those are this file's alone.
   */
  alsoWrite?: (tx: FirestoreTransaction, applied: CommitOutcome<S>['applied']) => void;
  /**
   * Writes that belong with a wallet this commit opens (its owner's profile: no wallet without its user), made in
   * the transaction that creates the wallet, and only in it.
   */
  onOpen?: (tx: FirestoreTransaction) => void;
}

export interface CommitOutcome<S extends WalletStep> {
  /** The wallet as the commit left it (as stored, when nothing applied). */
  wallet: Wallet;
  applied: { step: S; decision: DecisionOf<S> }[];
  /** Steps done before, with the line they wrote then: nothing moved now. */
  replayed: { step: S; existing: Transaction }[];
}

/**
 * A wallet document serialises every commit on it: a burst (a payment, its webhook and the client's credit request
 * at once, or a generate while maintenance settles) can need more tries than Firestore's default 5.
 */
const MAX_ATTEMPTS = 10;

const walletRef = (db: Firestore, userId: string) => db.collection(COLLECTIONS.wallets).doc(userId);
/** The closure record of an account (accountClosures.ts): once its wallet is gone, nothing may re-create it. */
const closureRef = (db: Firestore, userId: string) => db.collection(COLLECTIONS.accountClosures).doc(userId);
const lineRef = (db: Firestore, txId: string) => db.collection(COLLECTIONS.transactions).doc(txId);

/**
 * A new line, stamped with its commit's time (`committedAt`): every later commit's lines sort after it, which the
 * nightly audit reads on from (ledgerRepository.ts). `create` fails if the line exists.
 */
const createLine = (tx: FirestoreTransaction, db: Firestore, t: Transaction) =>
  tx.create(lineRef(db, t.id), { ...t, [LINE_COMMITTED_AT]: FieldValue.serverTimestamp() });

/**
 * Commits the steps on `userId`'s wallet exactly once each, whatever the concurrency: the transaction reads the
 * wallet and every step's line id, and Firestore runs it again when a concurrent commit changed what it read. A
 * missing wallet is created (docs/product.md#wallet-figures); one of an older shape is an error (shape.ts).
 */
export async function commitToWallet<S extends WalletStep>(
  db: Firestore,
  { userId, now, steps, replayReadFirst = true, alsoWrite, onOpen }: WalletCommit<S>,
): Promise<CommitOutcome<S>> {
  const wallet = walletRef(db, userId);
  const lines = steps.flatMap((s) => (s.txId === null ? [] : [lineRef(db, s.txId)]));
  if (replayReadFirst && lines.length === steps.length && steps.length > 0) {
    // The transaction checks again: a first run may commit in between.
    const [walletSnap, ...lineSnaps] = await db.getAll(wallet, ...lines);
    if (lineSnaps.every((s) => s.exists)) {
      const stored = storedWallet(walletSnap!, userId);
      // A late webhook of a closed account's refund finds the lines the closure wrote: recognised, not applied.
      if (!stored && (await closureRef(db, userId).get()).exists) throw new AccountClosed(userId);
      assertInvariant(stored, `the lines of ${userId}'s commit exist, but its wallet does not`);
      return { wallet: stored, applied: [], replayed: replays(steps, lineSnaps, userId) };
    }
  }
  return runTransaction(
    db,
    async (tx) => {
      const [walletSnap, ...lineSnaps] = await tx.getAll(wallet, ...lines);
      const written = lineSnaps.filter((s) => s.exists);
      // Read only when the wallet is missing (a first sign-in): a closed account's wallet is never opened again.
      if (!walletSnap!.exists && (await tx.get(closureRef(db, userId))).exists) {
        const done = new Set(written.map((s) => s.id));
        throw new AccountClosed(
          userId,
          steps.flatMap((s) => (s.txId === null || done.has(s.txId) ? [] : [s.txId])),
        );
      }
      const stored = storedWallet(walletSnap!, userId);
      const plan = planCommit(stored, new Set(written.map((s) => s.id)), steps, { userId, now });
      if (plan.write) tx.set(wallet, plan.wallet);
      if (stored === undefined) onOpen?.(tx);
      // `create` fails if the line exists: a second guard beside the read above.
      for (const { decision } of plan.applied) for (const t of decision.transactions) createLine(tx, db, t);
      // The overview's figures, from the very decisions written: a replay applies nothing, so it counts nothing.
      const figures = aggregateDeltasOf({
        walletOpened: stored === undefined,
        applied: plan.applied.map((a) => a.decision),
      });
      addBusinessFigures(tx, db, { shardKey: userId, at: now, figures });
      if (plan.applied.length > 0) alsoWrite?.(tx, plan.applied);
      return { wallet: plan.wallet, applied: plan.applied, replayed: replays(plan.replayed, written, userId) };
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

/**
 * The user's wallet, opened on sign-up or first use: created if missing (with `onOpen`'s writes), else one plain
 * read.
 */
export async function walletOf(
  db: Firestore,
  userId: string,
  now: Date,
  onOpen?: WalletCommit<WalletStep>['onOpen'],
): Promise<Wallet> {
  const stored = storedWallet(await walletRef(db, userId).get(), userId);
  return stored ?? (await commitToWallet(db, { userId, now, steps: [], onOpen })).wallet;
}

/**
 * The last commit of a closing account (docs/product.md#closing-an-account): its wallet, at zero Available and zero
 * Reserved once its money went back to the cards, is deleted, and its closure record written with it in the same
 * transaction. Its ledger lines stay: the books keep them. Returns false when the wallet was deleted before.
 */
export async function deleteClosedWallet(
  db: Firestore,
  userId: string,
  closureRecord: (tx: FirestoreTransaction, closing: Wallet) => void,
): Promise<boolean> {
  return runTransaction(
    db,
    async (tx) => {
      const stored = storedWallet(await tx.get(walletRef(db, userId)), userId);
      if (!stored) return false;
      assertInvariant(
        stored.closingSince !== undefined &&
          stored.balance === 0 &&
          stored.reservedBalance === 0 &&
          stored.refundHolds === undefined,
        `wallet ${userId} is deleted only once closing, at zero: ${JSON.stringify(stored)}`,
      );
      tx.delete(walletRef(db, userId));
      closureRecord(tx, stored);
      return true;
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

/**
 * Writes what may start only on an account that is not closing (a top-up's PaymentIntent record), in a transaction
 * that reads the wallet and the closure record: the closure marks the wallet in a transaction of its own before it
 * lists what to cancel, so either this commits first and the closure finds its write, or this finds the mark and
 * writes nothing. Answers whether it wrote (`open`), or what stopped it.
 */
export async function writeWhileOpen(
  db: Firestore,
  userId: string,
  write: (tx: FirestoreTransaction) => void,
): Promise<'open' | 'closing' | 'closed'> {
  return runTransaction(
    db,
    async (tx) => {
      const [walletSnap, closureSnap] = await tx.getAll(walletRef(db, userId), closureRef(db, userId));
      if (storedWallet(walletSnap!, userId)?.closingSince !== undefined) return 'closing';
      if (closureSnap!.exists) return walletSnap!.exists ? 'closing' : 'closed';
      write(tx);
      return 'open';
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

/**
 * Money that reached a closed account after its wallet was deleted and went straight back to the card (a payment
 * that raced the closure, docs/product.md#closing-an-account): the steps, decided on an empty wallet, must leave it
 * at zero; their lines go into the books under the account's id, with no wallet, all at once and once only, with
 * what `alsoWrite` adds (the audit entry) in the same transaction. Returns false when they were written before.
 */
export async function commitToClosedAccount(
  db: Firestore,
  {
    userId,
    now,
    steps,
    alsoWrite,
  }: Omit<WalletCommit<WalletStep>, 'alsoWrite' | 'onOpen' | 'replayReadFirst'> & {
    alsoWrite: (tx: FirestoreTransaction) => void;
  },
): Promise<boolean> {
  const plan = planCommit(undefined, new Set(), steps, { userId, now });
  const { balance, reservedBalance, chargedBalance } = plan.wallet;
  assertInvariant(
    plan.applied.length === steps.length && balance === 0 && reservedBalance === 0 && chargedBalance === 0,
    () => `the money of closed account ${userId} must come and go at once, not leave ${JSON.stringify(plan.wallet)}`,
  );
  const lines = plan.applied.flatMap(({ decision }) => decision.transactions);
  return runTransaction(
    db,
    async (tx) => {
      const [walletSnap, closureSnap, ...lineSnaps] = await tx.getAll(
        walletRef(db, userId),
        closureRef(db, userId),
        ...lines.map((t) => lineRef(db, t.id)),
      );
      assertInvariant(!walletSnap!.exists && closureSnap!.exists, `${userId} is no closed account`);
      const written = lineSnaps.filter((snap) => snap.exists);
      if (written.length === lines.length) return false;
      assertInvariant(written.length === 0, () => `closed account ${userId} has ${written.map((s) => s.id)} already`);
      for (const line of lines) createLine(tx, db, line);
      const figures = aggregateDeltasOf({ walletOpened: false, applied: plan.applied.map((a) => a.decision) });
      addBusinessFigures(tx, db, { shardKey: userId, at: now, figures });
      alsoWrite(tx);
      return true;
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

/**
 * A stored wallet the writer cannot read: of the original app's shape (migrate it once, up front) or damaged. Not an
 * invariant of a decision, so a webhook meeting it answers 5xx and Stripe retries once an operator has mended it.
 */
export class UnreadableWallet extends Error {
  override name = 'UnreadableWallet';
  constructor(userId: string, reason: string) {
    super(
      `wallet ${userId} cannot be read (${reason}): if it is of the original app's shape, run npm run admin:migrate-wallets`,
    );
  }
}

function storedWallet(snap: DocumentSnapshot, userId: string): Wallet | undefined {
  if (!snap.exists) return undefined;
  const parsed = Wallet.safeParse(snap.data());
  if (!parsed.success) throw new UnreadableWallet(userId, parsed.error.issues.map((i) => i.path.join('.')).join(', '));
  return parsed.data;
}

/** Each replayed step with the line it wrote before, which must be this wallet's. */
function replays<S extends WalletStep>(steps: readonly S[], written: DocumentSnapshot[], userId: string) {
  const byId = new Map(written.filter((s) => s.exists).map((s) => [s.id, s]));
  return steps.flatMap((step) => {
    const snap = step.txId === null ? undefined : byId.get(step.txId);
    if (!snap) return [];
    const existing = storedLine(snap);
    // A derived id names one operation of one wallet; anything else is corruption, not a replay.
    assertInvariant(existing.walletId === userId, `${snap.id} belongs to ${existing.walletId}, replayed for ${userId}`);
    return [{ step, existing }];
  });
}

/**
 * The one-time migration of wallets stored by the original app (domain/ledger/shape.ts), page by page, each wallet
 * in a transaction of its own; a re-run finds nothing to do. A wallet of no known shape is not guessed at: it is
 * listed for an operator, and the others are migrated all the same.
 */
export async function migrateWalletShapes(
  db: Firestore,
  now: Date,
  pageSize = 300,
): Promise<{ read: number; migrated: number; unreadable: string[] }> {
  const outcome = { read: 0, migrated: 0, unreadable: [] as string[] };
  let after: DocumentReference | undefined;
  for (;;) {
    let page = buildQuery(db, QUERIES.allWallets, []).limit(pageSize);
    if (after) page = page.startAfter(after);
    const snaps = (await page.get()).docs;
    for (const snap of snaps) {
      outcome.read += 1;
      if (Wallet.safeParse(snap.data()).success) continue;
      try {
        const changed = await runTransaction(db, async (tx) => {
          const fresh = await tx.get(snap.ref);
          const upgraded = fresh.exists ? upgradedWallet(fresh.id, fresh.data() ?? {}, now) : null;
          if (upgraded) tx.set(snap.ref, upgraded);
          return upgraded !== null;
        });
        if (changed) outcome.migrated += 1;
      } catch (error) {
        if (!(error instanceof InvariantViolation)) throw error;
        outcome.unreadable.push(snap.id);
      }
    }
    if (snaps.length < pageSize) return outcome;
    after = snaps.at(-1)!.ref;
  }
}
