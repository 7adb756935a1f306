import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { HistoricalPredictions, type Prediction } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../tools/testing/api';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { emulatorSignIn } from '../../../tools/lib/emulatorSignIn';
import { hitRange } from '../domain/predictions/hitRule';
import { liveTrackRecordOf } from '../adapters/firestore/trackRecord';
import { updateLiveTrackRecord } from './liveTrackRecord';

/** Issue 12, item 5 through the emulators: resolved user forecasts become the live track record of the Past panel. */
const { db } = adminSdk();

function resolvedPrediction(id: string, status: 'hit' | 'missed', hitProbability: number | null): Prediction {
  return {
    id,
    symbol: 'KO',
    modelId: 'prophet',
    modelName: 'Prophet',
    timeFrame: 'long',
    predictionType: 'future',
    predictionDate: '2024-01-02',
    priceAtPrediction: 60,
    targetDate: '2024-05-13',
    targetPrice: 61,
    lowerPrice: 55,
    upperPrice: 67,
    ...hitRange(60, 61, 'long'),
    actualPrice: status === 'hit' ? 61 : 70,
    status,
    isFree: true,
    hitProbability,
    userId: `track-record-user-${id}`,
    userEmail: `${id}@track.test`,
    createdAt: new Date().toISOString(),
  };
}

describe('the live track record', () => {
  it('counts resolved user forecasts per model and time frame, and shows them beside the back-test', async () => {
    await updateLiveTrackRecord(db, new Date());
    const before = await liveTrackRecordOf(db, 'prophet', 'long');
    const stamp = Date.now();
    const made = [
      resolvedPrediction(`tr-${stamp}-1`, 'hit', 0.4),
      resolvedPrediction(`tr-${stamp}-2`, 'hit', 0.5),
      resolvedPrediction(`tr-${stamp}-3`, 'missed', 0.3),
      resolvedPrediction(`tr-${stamp}-4`, 'missed', 0.2),
      resolvedPrediction(`tr-${stamp}-5`, 'missed', null),
      // Not resolved yet (nor due, so the run leaves it active): not counted.
      {
        ...resolvedPrediction(`tr-${stamp}-6`, 'missed', 0.3),
        targetDate: '2030-01-02',
        status: 'active',
        actualPrice: null,
      },
    ];
    await Promise.all(
      made.map((p) =>
        db
          .collection('predictions')
          .doc(p.id)
          .set({ ...p, modelChoice: 'prophet' }),
      ),
    );

    // Through the real maintenance run, as the scheduler and the admin button start it.
    const admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
    const run = await apiCall('/api/admin/check-predictions', { method: 'POST', token: admin });
    expect(run.status).toBe(200);
    // The shard that ends the run updates the record just after marking the run done.
    await expect.poll(async () => (await liveTrackRecordOf(db, 'prophet', 'long')).resolved - before.resolved).toBe(5);
    const after = await liveTrackRecordOf(db, 'prophet', 'long');
    expect(after.hits - before.hits).toBe(2);

    const user = await newTestUser('track-record');
    const past = HistoricalPredictions.parse(
      (await apiCall('/api/predictions/historical?symbol=KO&modelId=prophet&timeFrame=long', { token: user.token }))
        .body,
    );
    expect(past.liveTrackRecord).toEqual(after);
    expect(past.driftBaseline.resolved).toBe(past.naiveBaseline.resolved);
  }, 120_000);
});
