import type { ReliabilityBin, TrackRecordSummary } from '@stockseer/contract';
import { formatChance } from '../lib/format';

/** A reliability chart's series: a name ("Back-test", "Live") and its figures, or null while it is "Tracking". */
export interface ReliabilitySeries {
  name: string;
  /** The sentence's words for it: "in the back-test". */
  phrase: string;
  summary: TrackRecordSummary | null;
}

export const binLabel = (bin: Pick<ReliabilityBin, 'from' | 'to'>) =>
  `${Math.round(bin.from * 100)}-${Math.round(bin.to * 100)}%`;
export const binHitRate = (bin: ReliabilityBin) => (bin.count === 0 ? null : bin.hits / bin.count);

/** Issue 24's texts of the reliability chart, written once; tests import them. */
export const RELIABILITY_TEXT = {
  /** A chart's title for one model and time frame, on the Past panel and the public track record alike. */
  titleOf: (model: string, timeFrame: string) => `${model}, ${timeFrame}: how often it hit, by the chance it stated`,
  /** The sentence's words for the live series. */
  livePhrase: 'in users\u2019 own forecasts',
  xAxis: 'Stated chance of a hit',
  perfect: 'Perfectly calibrated',
  showTable: 'Show the figures as a table',
  chance: 'Stated chance',
  forecasts: (name: string) => `${name}: forecasts`,
  hitRate: (name: string) => `${name}: hit`,
  tracking: (name: string, needed: number) => `${name}: Tracking (shown once ${needed} forecasts have resolved)`,
  /**
   * One plain sentence of one decile: always the most-said decile of the series with the most forecasts, so the
   * sentence is chosen the same way on every chart.
   */
  sentence: (bin: ReliabilityBin, phrase: string) =>
    `When StockSeer said ${binLabel(bin)}, it hit ${formatChance(bin.hits / bin.count)} of ${bin.count} times ${phrase} (the chance it said most often).`,
  describe: (name: string, bins: readonly ReliabilityBin[]) =>
    `${name}: ${bins
      .filter((bin) => bin.count > 0)
      .map((bin) => `said ${binLabel(bin)}, hit ${formatChance(bin.hits / bin.count)} of ${bin.count}`)
      .join('; ')}`,
} as const;

/** The sentence under the chart, or null when no series has a forecast with a chance yet. */
export function reliabilitySentence(series: readonly ReliabilitySeries[]): string | null {
  const counted = series.flatMap((s) =>
    s.summary ? [{ s, n: s.summary.reliability.reduce((n, b) => n + b.count, 0) }] : [],
  );
  const largest = counted.sort((a, b) => b.n - a.n)[0];
  if (!largest || largest.n === 0) return null;
  // The first of the most-said deciles, so ties always pick the same one.
  const bins = largest.s.summary!.reliability;
  const most = bins.reduce((best, bin) => (bin.count > best.count ? bin : best), bins[0]!);
  return RELIABILITY_TEXT.sentence(most, largest.s.phrase);
}
