import type { Firestore } from 'firebase-admin/firestore';
import type { DailyBar } from '@stockseer/contract';
import { assertValidBars } from '../../domain/market-data/bars';
import { COLLECTIONS } from '../firestore/db';
import { buildQuery, QUERIES } from '../firestore/queries';

/** What the cache knows about one symbol's bars: the range it has asked the provider for, and its newest bar. */
export interface BarCoverage {
  /** The earliest date asked for: the provider has no bar between it and the first cached one. */
  coveredFrom: string;
  /** The newest cached bar's date, or null when the provider had none. */
  lastDate: string | null;
}

/**
 * A year of bars as parallel arrays. Firestore allows no nested arrays, and one document per bar would cost a read
 * per day; a year is ~252 bars (~15 KB), far below the 1 MiB document limit however long the history grows.
 */
interface YearDoc {
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

  async coverage(key: string): Promise<BarCoverage | undefined> {
    const snapshot = await this.symbolDoc(key).get();
    return snapshot.exists ? (snapshot.data() as BarCoverage) : undefined;
  }

  /** Cached bars of the years from `fromYear` through `toYear`, oldest first. */
  async read(key: string, fromYear: string, toYear: string): Promise<DailyBar[]> {
    const snapshot = await buildQuery(this.years(key), QUERIES.barYears, [fromYear, toYear]).get();
    const bars = snapshot.docs
      .sort((a, b) => a.id.localeCompare(b.id))
      .flatMap((doc) => decodeYear(doc.data() as YearDoc));
    assertValidBars(key, bars);
    return bars;
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
  return {
    dates: bars.map((bar) => bar.date),
    open: bars.map((bar) => bar.open),
    high: bars.map((bar) => bar.high),
    low: bars.map((bar) => bar.low),
    close: bars.map((bar) => bar.close),
    volume: bars.map((bar) => bar.volume),
  };
}

function decodeYear(doc: YearDoc): DailyBar[] {
  return doc.dates.map((date, i) => ({
    date,
    open: doc.open[i]!,
    high: doc.high[i]!,
    low: doc.low[i]!,
    close: doc.close[i]!,
    volume: doc.volume[i]!,
  }));
}
