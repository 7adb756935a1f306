import { AccountClosed } from '../../domain/errors';
import { renewAllowanceIfDue } from '../../adapters/firestore/allowance';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import { chunk } from '../../domain/maintenance/runs';
import { forEachParallel, retryOrCountFailures, type MaintenanceStep, ofWallet } from './steps';

/** Wallets per renewal shard; renewals of different wallets never contend. */
const RENEW_SHARD_WALLETS = 250;
const PARALLEL_WALLETS = 8;

/**
 * Step 2: renew the monthly allowances that are due (the same transaction as a generate's and a wallet read's
 * renewal: idempotent, it looks at dates only), each with its inbox entry stamped with the run. Counted per attempt:
 * a shard retried after a crash counts only the wallets its last attempt renewed.
 */
export const renewalStep: MaintenanceStep<{ walletIds: string[] }> = {
  name: 'renew',

  async plan({ db, clock }) {
    const due = await buildQuery(db, QUERIES.walletsDueForRenewal, [clock.today()]).select().get();
    return chunk(
      due.docs.map((d) => d.id),
      RENEW_SHARD_WALLETS,
    ).map((walletIds) => ({ input: { walletIds }, itemCount: walletIds.length }));
  },

  async run(ctx, { walletIds }) {
    let resetWalletsCount = 0;
    const failures = await forEachParallel(walletIds, PARALLEL_WALLETS, async (userId) => {
      try {
        if ((await renewAllowanceIfDue(ctx.db, userId, ctx.clock, { runId: ctx.runId })).renewed)
          resetWalletsCount += 1;
      } catch (error) {
        // Closed since the plan listed it (docs/product.md#closing-an-account): no wallet left to renew.
        if (!(error instanceof AccountClosed)) throw error;
      }
    });
    return { resetWalletsCount, failedCount: retryOrCountFailures(ctx, 'renewing a wallet', failures.map(ofWallet)) };
  },
};
