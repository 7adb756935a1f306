import { AccountClosed } from '../../domain/errors';
import { chunk } from '../../domain/maintenance/runs';
import { walletsWithRefundHoldsBetween } from '../../adapters/firestore/ledgerRepository';
import { resolveRefundHolds } from '../support/refundHolds';
import { forEachParallel, retryOrCountFailures, ofWallet, type MaintenanceStep } from './steps';

/** How far back holds are looked for: further than any refund stays pending at a bank. */
const HOLD_LOOKBACK_MS = 120 * 86_400_000;
const RESOLVE_SHARD_WALLETS = 100;
const PARALLEL_WALLETS = 4;

/**
 * The refund-hold resolver, nightly (services/support/refundHolds.ts): every wallet that held money for an admin's
 * refund in the last 120 days, its open holds ended from what Stripe made of them. A hold already ended, or still
 * waiting (young, or its refund pending at the bank), is left as it is: a retried shard changes nothing twice.
 */
export const refundHoldsStep: MaintenanceStep<{ walletIds: string[] }> = {
  name: 'refund-holds',

  async plan({ db, clock }) {
    const now = clock.now().getTime();
    const period = {
      from: new Date(now - HOLD_LOOKBACK_MS).toISOString(),
      // Every hold stamped before the run began: a later one is its request's for minutes yet.
      to: new Date(now + 1).toISOString(),
    };
    const walletIds = await walletsWithRefundHoldsBetween(db, period);
    return chunk(walletIds, RESOLVE_SHARD_WALLETS).map((ids) => ({ input: { walletIds: ids }, itemCount: ids.length }));
  },

  async run(ctx, { walletIds }) {
    const failures = await forEachParallel(walletIds, PARALLEL_WALLETS, async (userId) => {
      try {
        await resolveRefundHolds(ctx, userId);
      } catch (error) {
        // Closed since: a closing wallet holds nothing, so its holds had ended.
        if (!(error instanceof AccountClosed)) throw error;
      }
    });
    return { failedCount: retryOrCountFailures(ctx, 'resolving refund holds', failures.map(ofWallet)) };
  },
};
