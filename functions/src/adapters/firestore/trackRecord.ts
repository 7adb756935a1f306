/**
 * The track records' documents (issue 24). The live record is added to at settlement, in the transaction that
 * resolves each forecast, so it counts each one exactly once however often a shard is retried: the additions land on
 * one of `LIVE_SHARDS` documents (increments, never read by the settlement, so settlements never wait on each other
 * for it), over a base written once by `backfillLiveTrackRecord` from the predictions resolved before. The back-test
 * record keeps the latest run's sums of each stock, model and time frame.
 */
import { createHash } from 'node:crypto';
import { FieldPath, FieldValue, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  combineOutcomeSums,
  DECILES,
  emptyOutcomeSums,
  Prediction,
  summarizeOutcomes,
  type LiveTrackRecord,
  type OutcomeSums,
  type TimeFrame,
} from '@stockseer/contract';
import type { ModelId } from '../../domain/models/types';
import {
  addToTrackRecord,
  trackRecordKey,
  trackRecordOf,
  type CountedForecast,
  type TrackRecordTotals,
} from '../../domain/trackRecord';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';

/** The base of the live record; before issue 24 the same document held a recount of every run, without deciles. */
const LIVE_BASE = { collection: 'aggregates', id: 'liveTrackRecord' } as const;
/** The base's shape since issue 24: one written by an older version is replaced by the backfill. */
const LIVE_BASE_VERSION = 2;
/** Documents the settlements' additions are spread over. */
const LIVE_SHARDS = 8;

const liveBaseRef = (db: Firestore) => db.collection(LIVE_BASE.collection).doc(LIVE_BASE.id);
const liveShards = (db: Firestore) => liveBaseRef(db).collection('shards');

// Stored with the deciles as a map ("0".."9"): a field of a map can be incremented, an array's element cannot.
const StoredDecile = z.object({ count: z.number(), hits: z.number(), sumPredicted: z.number() });
const StoredSums = z.object({
  resolved: z.number(),
  hits: z.number(),
  withOdds: z.number(),
  sumPredicted: z.number(),
  sumSquaredError: z.number(),
  bins: z.record(z.string(), StoredDecile).default({}),
});
const StoredTotals = z.object({ totals: z.record(z.string(), StoredSums).default({}) });

function parseSums(stored: z.infer<typeof StoredSums>): OutcomeSums {
  const sums = { ...emptyOutcomeSums(), ...stored, bins: emptyOutcomeSums().bins };
  for (const [i, bin] of Object.entries(stored.bins)) if (Number(i) < DECILES) sums.bins[Number(i)] = bin;
  return sums;
}

function parseTotals(data: unknown): TrackRecordTotals {
  const parsed = StoredTotals.safeParse(data ?? {});
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data.totals).map(([key, sums]) => [key, parseSums(sums)]));
}

const toStored = (sums: OutcomeSums) => ({
  ...sums,
  bins: Object.fromEntries(sums.bins.map((bin, i) => [String(i), bin])),
});

/** Totals of every model and time frame as stored. */
const storedTotals = (totals: TrackRecordTotals) =>
  Object.fromEntries(Object.entries(totals).map(([key, sums]) => [key, toStored(sums)]));

function mergeTotals(a: TrackRecordTotals, b: TrackRecordTotals, sign: 1 | -1 = 1): TrackRecordTotals {
  const merged: TrackRecordTotals = { ...a };
  for (const [key, sums] of Object.entries(b))
    merged[key] = combineOutcomeSums(merged[key] ?? emptyOutcomeSums(), sums, sign);
  return merged;
}

/** Sums as increments, for `set(..., { merge: true })`. */
function increments(totals: TrackRecordTotals) {
  const inc = (x: number) => FieldValue.increment(x);
  return {
    totals: Object.fromEntries(
      Object.entries(totals).map(([key, s]) => [
        key,
        {
          resolved: inc(s.resolved),
          hits: inc(s.hits),
          withOdds: inc(s.withOdds),
          sumPredicted: inc(s.sumPredicted),
          sumSquaredError: inc(s.sumSquaredError),
          bins: Object.fromEntries(
            s.bins.flatMap((bin, i) =>
              bin.count === 0
                ? []
                : [[String(i), { count: inc(bin.count), hits: inc(bin.hits), sumPredicted: inc(bin.sumPredicted) }]],
            ),
          ),
        },
      ]),
    ),
  };
}

/** A resolved forecast to add: its id picks the shard. */
export type SettledForecast = CountedForecast & { predictionId: string };

/**
 * Adds forecasts resolved in `tx` to the live record, in that transaction: when it commits they are counted, and a
 * retry that finds them resolved already (and so does not resolve them again) does not add them again.
 */
export function addToLiveTrackRecord(tx: Transaction, db: Firestore, settled: readonly SettledForecast[]): void {
  if (settled.length === 0) return;
  const shard = createHash('sha256').update(settled[0]!.predictionId).digest()[0]! % LIVE_SHARDS;
  tx.set(liveShards(db).doc(String(shard)), increments(trackRecordOf(settled)), { merge: true });
}

/** The base and every shard, by id: the shards' ids are known, so one read of known documents and no query. */
const liveRefs = (db: Firestore) => [
  liveBaseRef(db),
  ...Array.from({ length: LIVE_SHARDS }, (_, shard) => liveShards(db).doc(String(shard))),
];

/**
 * The live record of every model and time frame, or of `onlyKey`'s: the base and every shard's additions. One model
 * and time frame (the Past panel, on every GET /api/predictions/historical) reads that key's fields alone, not every
 * key's deciles of nine documents, which it would decode and parse to show one.
 */
async function liveTotals(
  db: Firestore,
  onlyKey?: string,
): Promise<{ base: TrackRecordTotals | null; added: TrackRecordTotals }> {
  const fieldMask = onlyKey ? [{ fieldMask: ['version', new FieldPath('totals', onlyKey)] }] : [];
  const [base, ...shards] = await db.getAll(...liveRefs(db), ...fieldMask);
  const added = shards.reduce<TrackRecordTotals>((sum, doc) => mergeTotals(sum, parseTotals(doc.data())), {});
  const current = base!.get('version') === LIVE_BASE_VERSION;
  return { base: current ? parseTotals(base!.data()) : null, added };
}

export async function liveTrackRecordTotals(db: Firestore, onlyKey?: string): Promise<TrackRecordTotals> {
  const { base, added } = await liveTotals(db, onlyKey);
  return mergeTotals(base ?? {}, added);
}

/** The live record of one model and time frame; all zero before anything resolved. */
export async function liveTrackRecordOf(
  db: Firestore,
  modelId: ModelId,
  timeFrame: TimeFrame,
): Promise<LiveTrackRecord> {
  const key = trackRecordKey(modelId, timeFrame);
  return summarizeOutcomes((await liveTrackRecordTotals(db, key))[key]);
}

/** Pages read at once while counting: bounded memory however many predictions have resolved. */
const PAGE_SIZE = 500;

/** Totals over every resolved user prediction, read in pages of the fields it needs only. */
export async function countResolvedPredictions(db: Firestore): Promise<TrackRecordTotals> {
  const totals: TrackRecordTotals = {};
  const fields = ['modelId', 'timeFrame', 'status', 'hitProbability'] as const;
  const Counted = Prediction.pick({ modelId: true, timeFrame: true, status: true, hitProbability: true });
  for (const status of ['hit', 'missed'] as const) {
    const query = buildQuery(db, QUERIES.resolvedPredictions, ['future', status])
      .select(...fields)
      .limit(PAGE_SIZE);
    let page = await query.get();
    while (!page.empty) {
      for (const doc of page.docs) addToTrackRecord(totals, Counted.parse(doc.data()));
      if (page.size < PAGE_SIZE) break;
      page = await query.startAfter(page.docs.at(-1)!).get();
    }
  }
  return totals;
}

/**
 * Once, when the base is missing or of an older version: counts every prediction resolved so far, less what the
 * shards already hold (resolved since, by a settlement that added itself), and writes it as the base. Daily
 * maintenance calls it before it plans a run's settlements; the run's lease keeps a settlement from resolving a
 * forecast between the count and the write. Returns whether it wrote.
 */
export async function backfillLiveTrackRecord(db: Firestore, now: Date): Promise<boolean> {
  const { base, added } = await liveTotals(db);
  if (base) return false;
  const counted = await countResolvedPredictions(db);
  const totals = mergeTotals(counted, added, -1);
  await liveBaseRef(db).set({
    version: LIVE_BASE_VERSION,
    backfilledAt: now.toISOString(),
    totals: storedTotals(totals),
  });
  return true;
}

/** Adds, to a back-test's batch, its run's sums as the stock's latest back-test of that model and time frame. */
export function setBacktestTrackRecord(
  batch: WriteBatch,
  db: Firestore,
  key: string,
  run: { computedOn: string; records: readonly CountedForecast[] },
): void {
  batch.set(db.collection(COLLECTIONS.backtestTrackRecords).doc(key), {
    computedOn: run.computedOn,
    totals: storedTotals(trackRecordOf(run.records)),
  });
}

/** The back-test record: every stock's latest back-test of each model and time frame, summed. */
export async function backtestTrackRecordTotals(db: Firestore): Promise<TrackRecordTotals> {
  const docs = (await db.collection(COLLECTIONS.backtestTrackRecords).get()).docs;
  return docs.reduce<TrackRecordTotals>((sum, doc) => mergeTotals(sum, parseTotals(doc.data())), {});
}
