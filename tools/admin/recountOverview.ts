/**
 * `npm run admin:recount-overview [-- --mend]`: counts the business overview's figures again from the ledger, the
 * wallets, the predictions and the activity markers, and lists what differs from the stored figures; `--mend` adds
 * the difference, for history from before the figures were kept (functions/src/services/admin/overviewRecount.ts).
 * Emulator by default, like the other admin scripts.
 */
import { recountOverview } from '../../functions/src/services/admin/overviewRecount';
import { adminSdk } from '../lib/adminSdk';

const mend = process.argv.includes('--mend');
const { db, production, projectId } = adminSdk();
try {
  const differences = await recountOverview(db, { mend });
  const where = `${projectId}${production ? '' : ' (emulator)'}`;
  if (differences.length === 0) console.log(`${where}: the overview's figures equal the recount.`);
  else {
    console.log(`${where}: ${differences.length} figures differ from the recount${mend ? ', mended' : ''}:`);
    for (const line of differences) console.log(`  ${line}`);
  }
  if (differences.length > 0 && !mend) process.exit(1);
} catch (err) {
  console.error(`The recount stopped: ${(err as Error).message}`);
  process.exit(1);
}
