import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { DailyBar } from '@stockseer/contract';
import { assertInvariant } from '../../domain/errors';
import { assertValidBars } from '../../domain/market-data/bars';
import { COLLECTIONS } from '../firestore/db';

/** What the cache knows about one symbol's bars: the range it has asked the provider for, and its newest bar. */
export interface BarCoverage {
  /** The earliest date asked for: the provider has no bar between it and the first cached one. */
  coveredFrom: string;
  /** The newest cached bar's date, or null when the provider had none. */
  lastDate: string | null;
}

/** One bar as stored: [date, open, high, low, close, volume]. */
type BarRow = [string, number, number, number, number, number];

/**
 * A year of bars (~252, ~15 KB), one document each: one per bar would cost a read per day, and a year stays far
 * below the 1 MiB document limit however long the history grows. The bars are one JSON string of rows: read back,
 * that is one value for the emulator or the database to send and for the SDK to decode, where the earlier layout
 * (six parallel arrays, ~1,500 values a year) cost about 30 ms of both per forecast's five years.
 */
interface YearDoc {
  rows: string;
}

/** The earlier layout, still read: a document keeps it until its year is written again. */
interface ColumnYearDoc {
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/**
 * The Firestore layout of cached daily bars: `marketBars/{key}` holds the coverage, `marketBars/{key}/years/{YYYY}`
 * a year of bars each. Keys name the provider too (`csv:AAPL`), so switching providers never mixes their prices.
 */
export class BarStore {
  constructor(private readonly db: Firestore) {}

  /**
   * The coverage and the cached bars of the years from `fromYear` through `toYear` (oldest first), in one batched
   * read: one round trip, and one snapshot, so the bars are those the coverage describes even while another
   * instance writes the same stock.
   */
  async readWithCoverage(
    key: string,
    fromYear: string,
    toYear: string,
  ): Promise<{ coverage: BarCoverage | undefined; bars: DailyBar[] }> {
    const [symbolSnap, ...yearSnaps] = await this.db.getAll(
      this.symbolDoc(key),
      ...this.yearRefs(key, fromYear, toYear),
    );
    const coverage = symbolSnap?.exists ? (symbolSnap.data() as BarCoverage) : undefined;
    return { coverage, bars: coverage ? this.decode(key, yearSnaps) : [] };
  }

  /** Cached bars of the years from `fromYear` through `toYear`, oldest first. */
  async read(key: string, fromYear: string, toYear: string): Promise<DailyBar[]> {
    return this.decode(key, await this.db.getAll(...this.yearRefs(key, fromYear, toYear)));
  }

  private decode(key: string, yearSnaps: readonly DocumentSnapshot[]): DailyBar[] {
    const bars = yearSnaps
      .filter((snap) => snap.exists)
      .sort((a, b) => a.id.localeCompare(b.id))
      .flatMap((snap) => decodeYear(key, snap.data() as YearDoc | ColumnYearDoc));
    assertValidBars(key, bars);
    return bars;
  }

  private yearRefs(key: string, fromYear: string, toYear: string): DocumentReference[] {
    const refs: DocumentReference[] = [];
    for (let year = Number(fromYear); year <= Number(toYear); year += 1) refs.push(this.years(key).doc(String(year)));
    assertInvariant(refs.length > 0, () => `${key}: no year from ${fromYear} through ${toYear}`);
    return refs;
  }

  /** Writes `bars` (the whole cached content of every year they touch) and the new coverage in one batch. */
  async write(key: string, bars: readonly DailyBar[], coverage: BarCoverage): Promise<void> {
    assertValidBars(key, bars);
    const byYear = new Map<string, DailyBar[]>();
    for (const bar of bars) {
      const year = bar.date.slice(0, 4);
      byYear.set(year, [...(byYear.get(year) ?? []), bar]);
    }
    const batch = this.db.batch();
    for (const [year, yearBars] of byYear) batch.set(this.years(key).doc(year), encodeYear(yearBars));
    // Wall time, not the (possibly pinned) market clock: it tells operators when the cache was last written.
    batch.set(this.symbolDoc(key), { ...coverage, updatedAt: new Date().toISOString() });
    await batch.commit();
  }

  private symbolDoc(key: string) {
    return this.db.collection(COLLECTIONS.marketBars).doc(key);
  }

  private years(key: string) {
    return this.symbolDoc(key).collection('years');
  }
}

function encodeYear(bars: readonly DailyBar[]): YearDoc {
  const rows: BarRow[] = bars.map((bar) => [bar.date, bar.open, bar.high, bar.low, bar.close, bar.volume]);
  return { rows: JSON.stringify(rows) };
}

function decodeYear(key: string, doc: YearDoc | ColumnYearDoc): DailyBar[] {
  if (!('rows' in doc)) return decodeColumns(doc);
  const rows: unknown = JSON.parse(doc.rows);
  assertInvariant(Array.isArray(rows), () => `${key}: a cached year of bars is not a list`);
  return rows.map((row: unknown) => {
    assertInvariant(isBarRow(row), () => `${key}: a cached bar is not [date, open, high, low, close, volume]`);
    const [date, open, high, low, close, volume] = row;
    return { date, open, high, low, close, volume };
  });
}

/** Checked on every cached bar read, so without copying the row. */
function isBarRow(row: unknown): row is BarRow {
  if (!Array.isArray(row) || row.length !== 6 || typeof row[0] !== 'string') return false;
  for (let i = 1; i < 6; i += 1) if (typeof row[i] !== 'number') return false;
  return true;
}

function decodeColumns(doc: ColumnYearDoc): DailyBar[] {
  return doc.dates.map((date, i) => ({
    date,
    open: doc.open[i]!,
    high: doc.high[i]!,
    low: doc.low[i]!,
    close: doc.close[i]!,
    volume: doc.volume[i]!,
  }));
}
