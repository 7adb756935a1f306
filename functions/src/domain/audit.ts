/**
 * An entry of the audit log (docs/product.md#audit-log): who did what to whom, when and why. Built here, plain data;
 * written by adapters/firestore/auditLog.ts in the same transaction as the change it records.
 */
import type { AuditAction, AuditEntry } from '@stockseer/contract';
import type { Caller } from './caller';

/** Who acted: a signed-in admin, or a command-line tool (no uid; it names itself). */
export type Actor = Pick<Caller, 'uid' | 'email'> | { uid: null; email: string };

export interface AuditFacts {
  id: string;
  action: AuditAction;
  actor: Actor;
  at: Date;
  target?: { uid: string; email: string | null };
  amountCents?: number;
  details?: AuditEntry['details'];
  reason?: string | null;
}

export function auditEntry({ id, action, actor, at, target, amountCents, details, reason }: AuditFacts): AuditEntry {
  return {
    id,
    action,
    actorUid: actor.uid,
    actorEmail: actor.email,
    at: at.toISOString(),
    targetUserId: target?.uid ?? null,
    targetEmail: target?.email ?? null,
    amountCents: amountCents ?? null,
    details: details ?? {},
    reason: reason ?? null,
  };
}
