/**
 * Cost arithmetic of `npm run bench:capacity` and docs/capacity.md: list prices, what one operation costs, and what a
 * month of investors costs and brings in. Pure, so the doc's figures are reproduced by the bench and unit-tested.
 */

/**
 * List prices in USD, us-central1 (Cloud Run tier 1, Firestore in a US region), as the pages cited in
 * docs/capacity.md showed them when it was written. Free tiers are left out of the per-operation figures.
 */
export const PRICES = {
  /** Cloud Run functions (gen2) = Cloud Run, request-based billing (CPU only during requests), tier 1. */
  vcpuSecond: 0.000024,
  gibSecond: 0.0000025,
  request: 0.4 / 1_000_000,
  /** Firestore Standard edition, US regional location. */
  documentRead: 0.03 / 100_000,
  documentWrite: 0.09 / 100_000,
  /** Cloud Tasks: per billable operation (an API call or a push delivery attempt) past the first million a month. */
  taskOperation: 0.4 / 1_000_000,
} as const;
export type Prices = typeof PRICES;

export interface InstanceSize {
  vcpu: number;
  memoryGiB: number;
}

/** What one operation uses, as the bench measured it. */
export interface OperationUse {
  /** Instance time billed per operation, in seconds (see `billedSecondsAlone` and `billedSecondsBusy`). */
  billedSeconds: number;
  reads: number;
  writes: number;
}

export interface OperationCost {
  compute: number;
  requests: number;
  firestore: number;
  total: number;
}

/**
 * Request-based billing counts an instance's time while it has at least one request, rounded up to 100 ms. A
 * request alone on its instance (low traffic) is billed its own latency, rounded up.
 */
export function billedSecondsAlone(latencyMs: number): number {
  return Math.ceil(latencyMs / 100) / 10;
}

/** On a busy instance the requests share its time: each is billed the instance's second over its throughput. */
export function billedSecondsBusy(requestsPerSecond: number): number {
  if (!(requestsPerSecond > 0)) throw new Error(`a throughput must be positive, not ${requestsPerSecond}`);
  return 1 / requestsPerSecond;
}

export function operationCost(use: OperationUse, size: InstanceSize, prices: Prices = PRICES): OperationCost {
  const compute = use.billedSeconds * (size.vcpu * prices.vcpuSecond + size.memoryGiB * prices.gibSecond);
  const requests = prices.request;
  const firestore = use.reads * prices.documentRead + use.writes * prices.documentWrite;
  return { compute, requests, firestore, total: compute + requests + firestore };
}

export const perThousand = (cost: OperationCost): OperationCost => ({
  compute: cost.compute * 1000,
  requests: cost.requests * 1000,
  firestore: cost.firestore * 1000,
  total: cost.total * 1000,
});

/** The hot operations, by the names the bench measures them under. */
export type HotOperation = 'quote' | 'history' | 'historical' | 'preview' | 'generatePrepared' | 'generateFits';

/** What an active investor does in a month (docs/capacity.md#usage): the assumptions of the monthly figures. */
export const USAGE = {
  sessionsPerMonth: 8,
  /** Per session: stocks looked at (each a quote and its chart), past-panel back-tests, previews, generates. */
  perSession: { quote: 3, history: 3, historical: 2, preview: 2, generate: 1 },
  /** Free predictions a month (docs/product.md#free-allowance); the rest of the generates are paid. */
  freePerMonth: 5,
  /**
   * Forecasts that can be asked on a trading day: 164 stocks x 3 models x 3 time frames. The first ask of one fits
   * a model; every later ask that day, and the next day's after maintenance prepared it, reads it.
   */
  forecastsPerDay: 164 * 3 * 3,
  tradingDaysPerMonth: 21,
} as const;

export interface Month {
  investors: number;
  operations: Record<HotOperation, number>;
  paidPredictions: number;
}

/**
 * A month of `investors` at USAGE. Fits are at most one per forecast and trading day, and at most half the asks
 * (previews and generates together): an assumption, that the stocks people ask about overlap at least that much.
 */
export function monthOf(investors: number): Month {
  const sessions = investors * USAGE.sessionsPerMonth;
  const per = USAGE.perSession;
  const generates = sessions * per.generate;
  const asks = sessions * (per.preview + per.generate);
  const fits = Math.min(asks / 2, USAGE.forecastsPerDay * USAGE.tradingDaysPerMonth);
  // A fit is the first ask of a forecast; charge it to generate, the dearer of the two (a preview fits the same way).
  const generateFits = Math.min(fits, generates);
  return {
    investors,
    operations: {
      quote: sessions * per.quote,
      history: sessions * per.history,
      historical: sessions * per.historical,
      preview: sessions * per.preview,
      generatePrepared: generates - generateFits,
      generateFits,
    },
    paidPredictions: investors * Math.max(0, USAGE.sessionsPerMonth * per.generate - USAGE.freePerMonth),
  };
}

/** The month's bill: each operation's count times its cost. */
export function monthCost(month: Month, costOf: Record<HotOperation, number>): number {
  return (Object.keys(month.operations) as HotOperation[]).reduce(
    (sum, op) => sum + month.operations[op] * costOf[op],
    0,
  );
}

/** Revenue: $1 per paid prediction that hits, nothing for free ones and misses (docs/product.md#hit-rule). */
export function monthRevenue(month: Month, hitRate: number): number {
  if (hitRate < 0 || hitRate > 1) throw new Error(`a hit rate is between 0 and 1, not ${hitRate}`);
  return month.paidPredictions * hitRate * 1;
}
