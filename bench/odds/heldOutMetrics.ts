/**
 * The held-out targets of the chance of a hit, per model and horizon, judged in the worst of the folds: Brier skill,
 * calibration slope, mean P against the hit rate, the top and bottom deciles, the 80% interval's coverage in each
 * fifth of predicted width, and the within-stock test (when a stock's chance is above its own average, it hits that
 * much more often than its own average).
 */
import { markdownTable } from '../lib/report';
import { oddsScores, type ReliabilityBin } from '../models/oddsMetrics';
import type { FoldForecast } from './folds';

export const HELD_OUT_TARGETS = {
  minSkill: 0.02,
  slope: [0.85, 1.15],
  maxCalibrationInTheLarge: 0.02,
  maxDecileGap: 0.04,
  coverage: [0.75, 0.85],
  maxWithinStockGap: 0.04,
} as const;

export interface HeldOutScores {
  readonly forecasts: number;
  readonly hitRate: number;
  readonly meanPredicted: number;
  /** Mean of -ln(chance given to what happened): the choice between methods. */
  readonly logLoss: number;
  readonly skill: number;
  readonly slope: number;
  /** Mean P - hit rate. */
  readonly calibrationInTheLarge: number;
  /** Mean P - hit rate in the decile of the highest chances, and of the lowest. */
  readonly topDecileGap: number;
  readonly bottomDecileGap: number;
  /** Share of actual prices inside the 80% interval, per fifth of the interval's log width, narrowest first. */
  readonly coverage: number[];
  /** The fifth of forecasts furthest above their own stock's average chance: how far above it they said, and hit. */
  readonly withinStock: { readonly said: number; readonly seen: number };
  readonly reliability: ReliabilityBin[];
}

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** Equal-count fifths of `items` sorted by `key`, lowest first. */
function fifths<T>(items: readonly T[], key: (item: T) => number): T[][] {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return Array.from({ length: 5 }, (_, i) =>
    sorted.slice(Math.floor((i * sorted.length) / 5), Math.floor(((i + 1) * sorted.length) / 5)),
  );
}

/** The within-stock test: deviations from each stock's own mean chance and hit rate, over the top fifth by chance. */
export function withinStock(forecasts: readonly FoldForecast[]): { said: number; seen: number } {
  const byStock = new Map<string, FoldForecast[]>();
  for (const f of forecasts) byStock.set(f.stock, [...(byStock.get(f.stock) ?? []), f]);
  const deviations = [...byStock.values()].flatMap((own) => {
    const p = mean(own.map((f) => f.p));
    const hit = mean(own.map((f) => f.hit));
    return own.map((f) => ({ said: f.p - p, seen: f.hit - hit }));
  });
  const top = fifths(deviations, (d) => d.said)[4]!;
  return { said: mean(top.map((d) => d.said)), seen: mean(top.map((d) => d.seen)) };
}

export const logLoss = (forecasts: readonly Pick<FoldForecast, 'p' | 'hit'>[]) =>
  -mean(forecasts.map((f) => Math.log(f.hit === 1 ? f.p : 1 - f.p)));

export function heldOutScores(forecasts: readonly FoldForecast[]): HeldOutScores {
  const scores = oddsScores(forecasts.map((f) => ({ p: f.p, hit: f.hit, day: f.originDate })));
  const gap = (bin: ReliabilityBin) => bin.meanPredicted - bin.observed;
  const covered = (f: FoldForecast) => (f.lowerPrice <= f.actualPrice && f.actualPrice <= f.upperPrice ? 1 : 0);
  return {
    forecasts: scores.forecasts,
    hitRate: scores.hitRate,
    meanPredicted: scores.meanPredicted,
    logLoss: logLoss(forecasts),
    skill: scores.skill,
    slope: scores.slope,
    calibrationInTheLarge: scores.calibrationInTheLarge,
    topDecileGap: gap(scores.reliability.at(-1)!),
    bottomDecileGap: gap(scores.reliability[0]!),
    coverage: fifths(forecasts, (f) => Math.log(f.upperPrice / f.lowerPrice)).map((part) => mean(part.map(covered))),
    withinStock: withinStock(forecasts),
    reliability: scores.reliability,
  };
}

/** How far a row misses each target (0 = met), so the worst fold of each can be picked. */
const misses = {
  // A vanishing second term picks, among folds that all meet a target, the one furthest from its ideal.
  skill: (s: HeldOutScores) => Math.max(0, HELD_OUT_TARGETS.minSkill - s.skill) - s.skill * 1e-9,
  slope: (s: HeldOutScores) =>
    Math.max(0, HELD_OUT_TARGETS.slope[0] - s.slope, s.slope - HELD_OUT_TARGETS.slope[1]) +
    Math.abs(s.slope - 1) * 1e-9,
  calibrationInTheLarge: (s: HeldOutScores) => Math.abs(s.calibrationInTheLarge),
  deciles: (s: HeldOutScores) => Math.max(Math.abs(s.topDecileGap), Math.abs(s.bottomDecileGap)),
  coverage: (s: HeldOutScores) =>
    Math.max(
      ...s.coverage.map((c) => Math.max(0, HELD_OUT_TARGETS.coverage[0] - c, c - HELD_OUT_TARGETS.coverage[1])),
    ) +
    Math.max(...s.coverage.map((c) => Math.abs(c - 0.8))) * 1e-9,
  withinStock: (s: HeldOutScores) => Math.abs(s.withinStock.said - s.withinStock.seen),
} as const;
export type HeldOutTarget = keyof typeof misses;
export const HELD_OUT_TARGET_NAMES: Record<HeldOutTarget, string> = {
  skill: 'Brier skill',
  slope: 'slope',
  calibrationInTheLarge: 'mean P - hit rate',
  deciles: 'top and bottom deciles',
  coverage: '80% coverage by width',
  withinStock: 'within-stock',
};

/** Whether a row's scores meet each target. */
export function heldOutTargetsMet(s: HeldOutScores): Record<HeldOutTarget, boolean> {
  return {
    skill: s.skill >= HELD_OUT_TARGETS.minSkill,
    slope: s.slope >= HELD_OUT_TARGETS.slope[0] && s.slope <= HELD_OUT_TARGETS.slope[1],
    calibrationInTheLarge: misses.calibrationInTheLarge(s) <= HELD_OUT_TARGETS.maxCalibrationInTheLarge,
    deciles: misses.deciles(s) <= HELD_OUT_TARGETS.maxDecileGap,
    coverage: s.coverage.every((c) => c >= HELD_OUT_TARGETS.coverage[0] && c <= HELD_OUT_TARGETS.coverage[1]),
    withinStock: misses.withinStock(s) <= HELD_OUT_TARGETS.maxWithinStockGap,
  };
}

/** Per target, the fold whose scores are furthest from it (the first on a tie), and whether it is met there. */
export function worstFolds(perFold: readonly HeldOutScores[]): Record<HeldOutTarget, { fold: number; met: boolean }> {
  return Object.fromEntries(
    (Object.keys(misses) as HeldOutTarget[]).map((target) => {
      const miss = perFold.map(misses[target]);
      const fold = miss.indexOf(Math.max(...miss));
      return [target, { fold, met: heldOutTargetsMet(perFold[fold]!)[target] }];
    }),
  ) as Record<HeldOutTarget, { fold: number; met: boolean }>;
}

export interface HeldOutRow {
  readonly model: string;
  readonly horizon: number;
  readonly scores: HeldOutScores;
}

const pp = (x: number) => `${x > 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
const pct = (x: number) => (100 * x).toFixed(1);
const mark = (ok: boolean) => (ok ? '' : ' ✗');

function cells(s: HeldOutScores, met: Record<HeldOutTarget, boolean>): string[] {
  const top = s.reliability.at(-1)!;
  const bottom = s.reliability[0]!;
  return [
    String(s.forecasts),
    s.skill.toFixed(3) + mark(met.skill),
    s.slope.toFixed(2) + mark(met.slope),
    pp(s.calibrationInTheLarge) + mark(met.calibrationInTheLarge),
    `${pct(top.meanPredicted)} / ${pct(top.observed)}, ${pct(bottom.meanPredicted)} / ${pct(bottom.observed)}` +
      mark(met.deciles),
    s.coverage.map((c) => (100 * c).toFixed(0)).join(' / ') + mark(met.coverage),
    `${pp(s.withinStock.said)} / ${pp(s.withinStock.seen)}` + mark(met.withinStock),
  ];
}

const HEADER = [
  'Horizon',
  'Model',
  'Forecasts',
  `Brier skill (>= ${HELD_OUT_TARGETS.minSkill})`,
  `Slope (${HELD_OUT_TARGETS.slope[0]} to ${HELD_OUT_TARGETS.slope[1]})`,
  `Mean P - hit rate, pp (<= ${100 * HELD_OUT_TARGETS.maxCalibrationInTheLarge})`,
  `Top, bottom decile: said / seen % (within ${100 * HELD_OUT_TARGETS.maxDecileGap})`,
  `80% coverage % by width fifth, narrowest first (${100 * HELD_OUT_TARGETS.coverage[0]} to ${100 * HELD_OUT_TARGETS.coverage[1]})`,
  `Within stock, top fifth: above own average said / seen, pp (within ${100 * HELD_OUT_TARGETS.maxWithinStockGap})`,
];

/** One fold's (or all stocks') table; a cross marks a missed target. */
export function heldOutTable(rows: readonly HeldOutRow[]): string {
  return markdownTable(
    HEADER,
    rows.map((r) => [`${r.horizon} d`, r.model, ...cells(r.scores, heldOutTargetsMet(r.scores))]),
  );
}

/** Per row, each target's figure in its worst fold (the fold in brackets). */
export function worstFoldTable(rows: readonly { model: string; horizon: number; perFold: HeldOutScores[] }[]): string {
  return markdownTable(
    HEADER,
    rows.map(({ model, horizon, perFold }) => {
      const worst = worstFolds(perFold);
      const targets = Object.keys(worst) as HeldOutTarget[];
      // Each cell from its own worst fold; the forecasts cell is the smallest fold's count.
      const byTarget = targets.map((t) => {
        const s = perFold[worst[t].fold]!;
        return `${cells(s, heldOutTargetsMet(s))[targets.indexOf(t) + 1]!} (f${worst[t].fold})`;
      });
      return [`${horizon} d`, model, String(Math.min(...perFold.map((s) => s.forecasts))), ...byTarget];
    }),
  );
}

/** Which rows meet each target in their worst fold, e.g. "Brier skill: 12/15 (misses: 30 d prophet, ...)". */
export function worstFoldSummary(
  rows: readonly { model: string; horizon: number; perFold: HeldOutScores[] }[],
): string {
  const worst = rows.map((r) => ({ ...r, worst: worstFolds(r.perFold) }));
  return (Object.keys(HELD_OUT_TARGET_NAMES) as HeldOutTarget[])
    .map((t) => {
      const missed = worst.filter((r) => !r.worst[t].met).map((r) => `${r.horizon} d ${r.model}`);
      return (
        `- ${HELD_OUT_TARGET_NAMES[t]}: ${rows.length - missed.length}/${rows.length} rows` +
        (missed.length > 0 ? ` (missed by ${missed.join(', ')})` : '')
      );
    })
    .join('\n');
}
