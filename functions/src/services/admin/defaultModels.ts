import type { Firestore } from 'firebase-admin/firestore';
import type { TimeFrame } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { auditEntry } from '../../domain/audit';
import type { ForecastModelId } from '../../domain/models/types';
import { newAuditId } from '../../adapters/firestore/auditLog';
import { defaultModels, setDefaultModel } from '../../adapters/firestore/settings';

/** The model "recommended" runs per timeframe. */
export function recommendedModels(db: Firestore): Promise<Record<TimeFrame, ForecastModelId>> {
  return defaultModels(db);
}

/**
 * An admin picks the model "recommended" runs for a timeframe, recorded in the audit log with the change; answers
 * every timeframe's choice after it.
 */
export async function chooseRecommendedModel(
  { db, clock }: { db: Firestore; clock: Clock },
  admin: Caller,
  { timeFrame, modelId, reason }: { timeFrame: TimeFrame; modelId: ForecastModelId; reason?: string },
): Promise<Record<TimeFrame, ForecastModelId>> {
  const id = newAuditId();
  const details = { timeFrame, modelId };
  await setDefaultModel(
    db,
    timeFrame,
    modelId,
    auditEntry({ id, action: 'default_model', actor: admin, at: clock.now(), details, reason }),
  );
  return defaultModels(db);
}
