import type { Firestore } from 'firebase-admin/firestore';
import { PredictionStatus } from '@stockseer/contract';
import { chunk } from '../../domain/maintenance/runs';
import { predictionRef } from './predictions';
import { runTransaction } from './runTransaction';
import { freeResolutionFigures } from '../../domain/overview/figures';
import { addBusinessFigures } from './businessFigures';
import { addToLiveTrackRecord } from './trackRecord';
import { notificationWrite } from './notifications';
import { RESOLVED_AT, RESOLVED_BY_RUN, resolvedNotice, settledForecast, type Settlement } from './walletSettlement';

/**
 * Free predictions resolved per transaction: two writes each (its status and its owner's inbox entry), plus one for
 * the live track record and two for the overview's figures, below Firestore's 500 writes per transaction.
 */
const FREE_CHUNK = 240;

/**
 * Resolves free predictions: no wallet and no money, so no ledger, but each is added to the live track record
 * (issue 24), to the overview's figures and to its owner's inbox exactly once: a transaction resolves only those
 * still active, and adds those, so a retried shard that finds them resolved adds nothing.
 */
export async function resolveFreePredictions(
  db: Firestore,
  { settlements, runId, now }: { settlements: readonly (Settlement & { userId: string })[]; runId: string; now: Date },
): Promise<void> {
  for (const part of chunk(settlements, FREE_CHUNK)) {
    await runTransaction(db, async (tx) => {
      const snaps = await tx.getAll(...part.map((s) => predictionRef(db, s.predictionId)));
      const active = part.filter((_, i) => PredictionStatus.safeParse(snaps[i]?.get('status')).data === 'active');
      for (const s of active) {
        tx.update(predictionRef(db, s.predictionId), {
          status: s.status,
          actualPrice: s.actualPrice,
          [RESOLVED_BY_RUN]: runId,
          [RESOLVED_AT]: now.toISOString(),
        });
        tx.create(...notificationWrite(db, s.userId, resolvedNotice(s, true, runId), now));
      }
      addToLiveTrackRecord(tx, db, active.map(settledForecast));
      const figures = freeResolutionFigures(active.map((s) => s.status));
      if (active.length > 0) addBusinessFigures(tx, db, { shardKey: active[0]!.predictionId, at: now, figures });
    });
  }
}
