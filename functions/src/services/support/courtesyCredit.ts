/**
 * `POST /api/admin/users/:uid/credits`: an admin's courtesy credit (docs/product.md#courtesy-credits). In order: a
 * replay of the key answers the first credit; the wallet writer applies the credit once per key and writes its audit
 * entry in the same transaction, or refuses it (409), writing nothing: on a wallet that owes money, or above the
 * ceilings per credit and per customer per 30 days, which the transaction checks on the wallet it read.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { SUPPORT_MESSAGES, type CourtesyCreditRequest, type CourtesyCreditResponse } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { auditEntry } from '../../domain/audit';
import { assertInvariant, conflict } from '../../domain/errors';
import { courtesyCredit, DEFAULT_COURTESY_CREDIT_CAPS, ledgerTxId, type CourtesyCreditCaps } from '../../domain/ledger';
import { accountOf } from '../../adapters/auth/accounts';
import { findAuditEntry, keyedRequest, recordAudit } from '../../adapters/firestore/auditLog';
import { commitToWallet, walletOf } from '../../adapters/firestore/walletWriter';

export async function giveCourtesyCredit(
  {
    db,
    auth,
    clock,
    courtesyCreditCaps: caps = DEFAULT_COURTESY_CREDIT_CAPS,
  }: { db: Firestore; auth: Auth; clock: Clock; courtesyCreditCaps?: CourtesyCreditCaps },
  admin: Caller,
  userId: string,
  { amountCents, reason }: CourtesyCreditRequest,
  idempotencyKey: string,
): Promise<CourtesyCreditResponse> {
  const account = await accountOf(auth, userId);
  const {
    requestId: creditId,
    auditId,
    fingerprint,
  } = keyedRequest('courtesy_credit', userId, idempotencyKey, { amountCents, reason });
  const transactionId = ledgerTxId.credit(creditId);
  /** The answer to a retry of the key: the first credit's, given the entry it wrote (read anew when not given). */
  const replay = async (earlier?: Awaited<ReturnType<typeof findAuditEntry>>) => {
    earlier ??= await findAuditEntry(db, auditId);
    assertInvariant(earlier, `${transactionId} exists without its audit entry ${auditId}`);
    if (earlier.fingerprint !== fingerprint) throw conflict(SUPPORT_MESSAGES.keyReused);
    return { wallet: await walletOf(db, userId, clock.now()), transactionId, credited: false };
  };
  const earlier = await findAuditEntry(db, auditId);
  if (earlier) return replay(earlier);

  const now = clock.now();
  const entry = auditEntry({
    id: auditId,
    action: 'courtesy_credit',
    actor: admin,
    at: now,
    target: { uid: userId, email: account.email ?? null },
    amountCents,
    details: { transactionId },
    reason,
  });
  const outcome = await commitToWallet(db, {
    userId,
    now,
    steps: [{ txId: transactionId, decide: (wallet) => courtesyCredit(wallet, { creditId, amountCents, now, caps }) }],
    alsoWrite: (tx) => recordAudit(tx, db, { ...entry, fingerprint }),
  });
  // A concurrent request with the same key committed first: the same request is its replay, another a conflict.
  if (outcome.applied.length === 0) return replay();
  return { wallet: outcome.wallet, transactionId, credited: true };
}
