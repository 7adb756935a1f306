import type { Firestore } from 'firebase-admin/firestore';
import { DefaultModelId, TimeFrame } from '@stockseer/contract';
import { z } from 'zod';
import { recommendedModels, type DefaultModelOverrides } from '../../domain/models/selection';
import type { ForecastModelId } from '../../domain/models/types';
import { COLLECTIONS } from './db';
import { recordAudit, type StoredAuditEntry } from './auditLog';

const DEFAULT_MODELS_DOC = 'defaultModels';
const StoredDefaults = z.partialRecord(TimeFrame, DefaultModelId);

/** The timeframes whose "recommended" model an admin changed (none when the document is unreadable). */
export async function defaultModelOverrides(db: Firestore): Promise<DefaultModelOverrides> {
  const snap = await db.collection(COLLECTIONS.settings).doc(DEFAULT_MODELS_DOC).get();
  const stored = StoredDefaults.safeParse(snap.data() ?? {});
  return stored.success ? stored.data : {};
}

/** The admin's default model per timeframe ("recommended"); the benchmark's best until an admin changes one. */
export async function defaultModels(db: Firestore): Promise<Record<TimeFrame, ForecastModelId>> {
  return recommendedModels(await defaultModelOverrides(db));
}

/** An admin's change, written with its audit entry in one batch (docs/product.md#audit-log). */
export async function setDefaultModel(
  db: Firestore,
  timeFrame: TimeFrame,
  modelId: ForecastModelId,
  audit: StoredAuditEntry,
): Promise<void> {
  const batch = db.batch();
  batch.set(db.collection(COLLECTIONS.settings).doc(DEFAULT_MODELS_DOC), { [timeFrame]: modelId }, { merge: true });
  recordAudit(batch, db, audit);
  await batch.commit();
}
