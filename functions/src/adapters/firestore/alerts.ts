import type { Firestore } from 'firebase-admin/firestore';
import { ADMIN_ALERTS_LIMIT, AdminAlert } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';
import { buildQuery, QUERIES } from './queries';

/**
 * Records a signed Stripe event that can never be applied. One document per event (`webhook:{eventId}`), so a
 * redelivery before Stripe saw our 2xx records nothing new; the first record stands. In a transaction that reads
 * first, so a database outage ends it within seconds as a 503 (a plain write would keep retrying for minutes).
 */
export async function recordWebhookAlert(
  db: Firestore,
  { eventId, eventType, reason, now }: { eventId: string; eventType: string; reason: string; now: Date },
): Promise<void> {
  const id = `webhook:${eventId}`;
  const alert: AdminAlert = { id, eventId, eventType, reason, createdAt: now.toISOString() };
  const ref = db.collection(COLLECTIONS.adminAlerts).doc(id);
  await runTransaction(db, async (tx) => {
    if (!(await tx.get(ref)).exists) tx.set(ref, alert);
  });
}

export async function recentAlerts(db: Firestore): Promise<AdminAlert[]> {
  const snap = await buildQuery(db, QUERIES.adminAlerts, []).limit(ADMIN_ALERTS_LIMIT).get();
  return snap.docs.map((doc) => AdminAlert.parse(doc.data()));
}
