import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import type { MaintenanceStep } from './steps';

/** Records deleted per batch. */
const PAGE = 400;

/**
 * Step 3: remove back-test records older than their one-day reuse window, and the runs that point to them. One
 * shard, planned only when there is something to remove; deletes are idempotent, and counted per attempt.
 */
export const cleanupStep: MaintenanceStep<Record<string, never>> = {
  name: 'cleanup',

  async plan({ db, clock }) {
    const [records, runs] = await Promise.all([
      buildQuery(db, QUERIES.staleBacktestRecords, ['historical', clock.today()]).limit(1).get(),
      buildQuery(db, QUERIES.staleBacktestRuns, [clock.today()]).limit(1).get(),
    ]);
    return records.empty && runs.empty ? [] : [{ input: {}, itemCount: 0 }];
  },

  async run({ db, clock }) {
    let cleanupCount = 0;
    const stale = buildQuery(db, QUERIES.staleBacktestRecords, ['historical', clock.today()]).limit(PAGE);
    for (let page = await stale.get(); !page.empty; page = await stale.get()) {
      const batch = db.batch();
      for (const doc of page.docs) batch.delete(doc.ref);
      await batch.commit();
      cleanupCount += page.size;
    }
    const staleRuns = await buildQuery(db, QUERIES.staleBacktestRuns, [clock.today()]).get();
    await Promise.all(staleRuns.docs.map((doc) => doc.ref.delete()));
    return { cleanupCount };
  },
};
