import type { Query } from 'firebase-admin/firestore';
import { addCalendarDays, lastFinalClose } from '../../domain/calendar';
import { IDEMPOTENCY_KEY_DAYS } from '../../adapters/firestore/idempotencyKeys';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import type { MaintenanceStep, StepContext } from './steps';

/** Records deleted per batch. */
const PAGE = 400;

/**
 * What is past its use on the run's date: back-test records and runs, earlier days' forecasts, and idempotency keys
 * older than any retry.
 */
function staleQueries({ db, clock }: Pick<StepContext, 'db' | 'clock'>) {
  const today = clock.today();
  return {
    backtestRecords: buildQuery(db, QUERIES.staleBacktestRecords, ['historical', today]),
    backtestRuns: buildQuery(db, QUERIES.staleBacktestRuns, [today]),
    // A forecast is dated by the close it starts from: during market hours, or on a holiday, the newest is
    // yesterday's (or earlier), and still the one every preview and generate reuses.
    forecastsOfTheDay: buildQuery(db, QUERIES.staleForecastsOfTheDay, [lastFinalClose(today, clock.now())]),
    idempotencyKeys: buildQuery(db, QUERIES.staleIdempotencyKeys, [addCalendarDays(today, -IDEMPOTENCY_KEY_DAYS)]),
  };
}

/** Deletes every document `query` matches, a page per batch; returns how many. */
async function deleteAll(query: Query): Promise<number> {
  let deleted = 0;
  const paged = query.limit(PAGE);
  for (let page = await paged.get(); !page.empty; page = await paged.get()) {
    const batch = paged.firestore.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += page.size;
  }
  return deleted;
}

/**
 * Step 3: remove back-test records older than their one-day reuse window, the runs that point to them, the
 * forecasts of earlier days (a cache that would otherwise grow by one document per stock, model and time frame
 * asked for each day) and idempotency keys a week old (one per generate that carried a key). One shard, planned only
 * when there is something to remove; deletes are idempotent. The report counts the back-test records (the Admin
 * tab's "historical predictions cleaned up").
 */
export const cleanupStep: MaintenanceStep<Record<string, never>> = {
  name: 'cleanup',

  async plan(ctx) {
    const found = await Promise.all(Object.values(staleQueries(ctx)).map((query) => query.limit(1).get()));
    return found.every((snap) => snap.empty) ? [] : [{ input: {}, itemCount: 0 }];
  },

  async run(ctx) {
    const stale = staleQueries(ctx);
    const cleanupCount = await deleteAll(stale.backtestRecords);
    await Promise.all([
      deleteAll(stale.backtestRuns),
      deleteAll(stale.forecastsOfTheDay),
      deleteAll(stale.idempotencyKeys),
    ]);
    return { cleanupCount };
  },
};
