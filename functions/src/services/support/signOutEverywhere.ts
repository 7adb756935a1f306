/**
 * `POST /api/admin/users/:uid/sign-out`: an admin signs a customer out everywhere, and may disable the account, as
 * `npm run admin:revoke` does (the same `endSessions`). The audit entry is recorded first, with the request's key,
 * then Auth makes the change (Auth is not Firestore: one transaction cannot hold both, and an entry for a change
 * that then failed is the safe side). A retry with the key repeats the change, which is harmless.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { SUPPORT_MESSAGES, type CustomerSessions } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { auditEntry } from '../../domain/audit';
import { conflict } from '../../domain/errors';
import { accountOf, endSessions, sessionsOf } from '../../adapters/auth/accounts';
import { keyedRequest, recordAuditOnce } from '../../adapters/firestore/auditLog';

export async function signOutEverywhere(
  { db, auth, clock }: { db: Firestore; auth: Auth; clock: Clock },
  admin: Caller,
  userId: string,
  { disable, reason }: { disable: boolean; reason: string },
  idempotencyKey: string,
): Promise<CustomerSessions> {
  const account = await accountOf(auth, userId);
  const { auditId, fingerprint } = keyedRequest('sign_out', userId, idempotencyKey, { disable, reason });
  const entry = auditEntry({
    id: auditId,
    action: 'sign_out',
    actor: admin,
    at: clock.now(),
    target: { uid: userId, email: account.email ?? null },
    details: { disable },
    reason,
  });
  const { existing } = await recordAuditOnce(db, { ...entry, fingerprint });
  if (existing !== undefined && existing !== fingerprint) throw conflict(SUPPORT_MESSAGES.keyReused);
  await endSessions(auth, userId, { disable });
  return sessionsOf(await auth.getUser(userId));
}
