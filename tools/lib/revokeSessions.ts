import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { auditEntry } from '../../functions/src/domain/audit';
import { endSessions } from '../../functions/src/adapters/auth/accounts';
import { newAuditId, recordAuditOnce } from '../../functions/src/adapters/firestore/auditLog';

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
    await recordAuditOnce(audit.db, entry);
  }
  await endSessions(auth, user.uid, { disable });
  return user.uid;
}
