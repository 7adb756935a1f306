import type { Firestore } from 'firebase-admin/firestore';
import { AdminAlert, ERROR_MESSAGES, type AdminAlertsPage, type AdminAlertsQuery } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';
import { buildQuery, QUERIES } from './queries';
import { cursorPage } from './cursorPage';

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
  const alert = { id, eventId, eventType, reason, createdAt: now.toISOString(), walletId: null, transactionIds: [] };
  await recordOnce(db, alert);
}

/**
 * Records a step of a top-up's history that the ledger refused (services/paymentEvents.ts): one alert per ledger
 * line id (`refused:{txId}`), however many later events of its PaymentIntent try the step again.
 */
export async function recordRefusedStepAlert(
  db: Firestore,
  {
    event,
    userId,
    txId,
    reason,
    now,
  }: { event: { eventId: string; type: string }; userId: string; txId: string; reason: string; now: Date },
): Promise<void> {
  await recordOnce(db, {
    id: `refused:${txId}`,
    eventId: event.eventId,
    eventType: event.type,
    reason: `The ledger refused ${txId}: ${reason}`,
    createdAt: now.toISOString(),
    walletId: userId,
    transactionIds: [txId],
  });
}

/**
 * Records what the nightly audit of the books found wrong (services/maintenance/books.ts): one alert per run and
 * subject (`books:{runId}:{subject}`), so a retried shard records nothing new.
 */
export async function recordBooksAlert(
  db: Firestore,
  { runId, subject, walletId, transactionIds, reason, now }: BooksAlert,
): Promise<void> {
  const id = `books:${runId}:${subject}`;
  const eventType = 'books.discrepancy';
  await recordOnce(db, {
    id,
    eventId: runId,
    eventType,
    reason,
    createdAt: now.toISOString(),
    walletId,
    transactionIds,
  });
}

export interface BooksAlert {
  runId: string;
  /** What the alert is about, unique within the run: a wallet, or a Stripe object. */
  subject: string;
  walletId: string | null;
  transactionIds: string[];
  reason: string;
  now: Date;
}

async function recordOnce(db: Firestore, alert: AdminAlert): Promise<void> {
  const ref = db.collection(COLLECTIONS.adminAlerts).doc(alert.id);
  await runTransaction(db, async (tx) => {
    if (!(await tx.get(ref)).exists) tx.set(ref, alert);
  });
}

/** A page of the alerts, newest first (the Admin tab's Payment alerts). */
export async function alertsPage(db: Firestore, { limit, cursor }: AdminAlertsQuery): Promise<AdminAlertsPage> {
  const { docs, nextCursor } = await cursorPage(buildQuery(db, QUERIES.adminAlerts, []), {
    limit,
    cursorRef: cursor ? db.collection(COLLECTIONS.adminAlerts).doc(cursor) : null,
    cursorMessage: ERROR_MESSAGES.alertCursor,
  });
  return { alerts: docs.map((doc) => AdminAlert.parse(doc.data())), nextCursor };
}
