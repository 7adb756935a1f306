import type { Clock } from '../src/domain/clock';
import { createMarketDataService } from '../src/adapters/market-data';
import { createModelPool } from '../src/adapters/model-pool/pool';
import type { StepContext } from '../src/services/maintenance/steps';
import { db, payments } from './payments.testkit';
import { push } from './push.testkit';

/**
 * A maintenance step's context for running one step (the books' audit and reconcile, the cleanup) in a test's own
 * process, against the stack's emulators and Stripe sandbox.
 */
export const stepContext = (runId: string, clock: Clock): StepContext => ({
  db,
  clock,
  marketData: createMarketDataService({ db, clock }),
  models: createModelPool({ threads: 1 }),
  payments,
  push,
  runId,
  finalAttempt: false,
});
