/**
 * The size and scaling of each deployed function, in one place: functions.ts and jobs/ pass these options as they
 * are. docs/capacity.md derives them from `npm run bench:capacity`; its settings table is checked against this
 * constant by functionSettings.test.ts.
 */

/** Memory as Cloud Functions takes it, and the same in GiB for the cost arithmetic. */
const GIB = { '512MiB': 0.5, '1GiB': 1, '2GiB': 2, '4GiB': 4 } as const;
type Memory = keyof typeof GIB;

export interface FunctionSettings {
  memory: Memory;
  cpu: number;
  /** Requests one instance serves at once. */
  concurrency: number;
  minInstances: number;
  maxInstances: number;
  timeoutSeconds: number;
}

export const memoryGiB = (settings: Pick<FunctionSettings, 'memory'>): number => GIB[settings.memory];

export const FUNCTION_SETTINGS = {
  /**
   * Every route, the Stripe webhook included. Concurrency 8: the highest level at which every hot route, generate
   * that fits a model included, kept its p99 within 1 s. 2 vCPU for the two model threads; 2 GiB for a peak RSS of
   * about 0.8 GB. At most 10 instances: about 10 times the peak of a million investors (docs/capacity.md).
   */
  api: { memory: '2GiB', cpu: 2, concurrency: 8, minInstances: 0, maxInstances: 10, timeoutSeconds: 120 },
  /** One shard per instance (it fits on both threads); as many instances as the queue dispatches at once. */
  maintenanceShard: { memory: '2GiB', cpu: 2, concurrency: 1, minInstances: 0, maxInstances: 4, timeoutSeconds: 540 },
  /** Starts the run and waits for its shards: it polls one document, so the smallest size that has a whole vCPU. */
  dailyMaintenance: {
    memory: '512MiB',
    cpu: 1,
    concurrency: 1,
    minInstances: 0,
    maxInstances: 1,
    timeoutSeconds: 540,
  },
} as const satisfies Record<string, FunctionSettings>;

export const API_SETTINGS = { ...FUNCTION_SETTINGS.api, memoryGiB: memoryGiB(FUNCTION_SETTINGS.api) };
