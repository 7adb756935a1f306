import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { auditEntry } from '../../functions/src/domain/audit';
import { endSessions } from '../../functions/src/adapters/auth/accounts';
import { newAuditId, recordAudit } from '../../functions/src/adapters/firestore/auditLog';

/**
 * Ends every session of the account with this e-mail, as the support action does (`endSessions`); its uid. With
 * `audit`, the audit entry is written first (Auth is not Firestore: one transaction cannot hold both).
 */
export async function revokeSessions(
  auth: Auth,
  email: string,
  {
    disable = false,
    audit,
  }: { disable?: boolean; audit?: { db: Firestore; tool: string; reason: string | null } } = {},
): Promise<string> {
  const user = await auth.getUserByEmail(email);
  if (audit) {
    const entry = auditEntry({
      id: newAuditId(),
      action: 'sign_out',
      actor: { uid: null, email: audit.tool },
      at: new Date(),
      target: { uid: user.uid, email: user.email ?? email },
      details: { disable },
      reason: audit.reason,
    });
    // A new id each run: nothing to find first, so one write, not a transaction that reads.
    const batch = audit.db.batch();
    recordAudit(batch, audit.db, entry);
    await batch.commit();
  }
  await endSessions(auth, user.uid, { disable });
  return user.uid;
}
