import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { auditEntry } from '../../functions/src/domain/audit';
import { newAuditId, recordAudit } from '../../functions/src/adapters/firestore/auditLog';

/**
 * Makes an account an admin: the `admin` custom claim is what the API checks (docs/product.md#roles-and-guards); the
 * user document's `isAdmin` mirrors it for display, written in one batch with the audit entry of the grant
 * (docs/product.md#audit-log). The user sees it after their ID token refreshes (at most an hour, or on the next
 * sign-in). `by`: the tool that grants (a script has no signed-in admin), and why.
 */
export async function grantAdmin(
  auth: Auth,
  db: Firestore,
  email: string,
  by: { tool: string; reason: string | null },
): Promise<string> {
  const user = await auth.getUserByEmail(email);
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
  const now = new Date();
  const batch = db.batch();
  const userDoc = db.collection('users').doc(user.uid);
  if ((await userDoc.get()).exists) batch.update(userDoc, { isAdmin: true, updatedAt: now.toISOString() });
  recordAudit(
    batch,
    db,
    auditEntry({
      id: newAuditId(),
      action: 'grant_admin',
      actor: { uid: null, email: by.tool },
      at: now,
      target: { uid: user.uid, email: user.email ?? email },
      reason: by.reason,
    }),
  );
  await batch.commit();
  return user.uid;
}
