import type { Clock } from '../src/domain/clock';
import { createMarketDataService } from '../src/adapters/market-data';
import { createModelPool } from '../src/adapters/model-pool/pool';
import type { StepContext } from '../src/services/maintenance/steps';
import { db, payments } from './payments.testkit';
import { push } from './push.testkit';

/**
 * A maintenance step's context for running the books' steps (audit, reconcile) in a test's own process, on exactly
 * the wallets and the period the test names, against the stack's emulators and Stripe sandbox.
 */
export const booksContext = (runId: string, clock: Clock): StepContext => ({
  db,
  clock,
  marketData: createMarketDataService({ db, clock }),
  models: createModelPool({ threads: 1 }),
  payments,
  push,
  runId,
  finalAttempt: false,
});
