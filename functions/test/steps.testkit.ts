import type { Transaction } from '@stockseer/contract';
import type { Clock } from '../src/domain/clock';
import { createMarketDataService } from '../src/adapters/market-data';
import { createModelPool } from '../src/adapters/model-pool/pool';
import type { StepContext } from '../src/services/maintenance/steps';
import { db, payments } from './payments.testkit';
import { push } from './push.testkit';

/** The services maintenance runs with, in a test's own process, against the stack's emulators and Stripe sandbox. */
export const maintenanceServices = (clock: Clock) => ({
  db,
  clock,
  marketData: createMarketDataService({ db, clock }),
  models: createModelPool({ threads: 1 }),
  payments,
  push,
});

/** A maintenance step's context for running one step (the books' audit and reconcile, the cleanup) in a test. */
export const stepContext = (runId: string, clock: Clock): StepContext => ({
  ...maintenanceServices(clock),
  runId,
  finalAttempt: false,
});

/**
 * The reconciliation's period of a test: Stripe's money created from `from` to a second from now, and the ledger's
 * lines stamped from the first of `lines` to just after the last (so another test's lines stay out of it).
 */
export function reconcilePeriodOf(from: Date, lines: readonly Pick<Transaction, 'createdAt'>[]) {
  const stamps = lines.map((t) => t.createdAt).sort();
  return {
    stripe: { from: from.toISOString(), to: new Date(Date.now() + 1000).toISOString() },
    ledger: { from: stamps[0]!, to: new Date(Date.parse(stamps.at(-1)!) + 1).toISOString() },
    carried: [],
  };
}
