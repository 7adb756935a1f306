/**
 * `npm run admin:migrate-wallets`: the one-time migration of wallets stored by the original app (no
 * `chargedBalance`) to the current shape (functions/src/domain/ledger/shape.ts), through the wallet writer's own
 * migration. Run it once before deploying a version whose wallet writer refuses the old shape; a re-run changes
 * nothing. Emulator by default, like the other admin scripts.
 */
import { migrateWalletShapes } from '../../functions/src/adapters/firestore/walletWriter';
import { adminSdk } from '../lib/adminSdk';

const { db, production, projectId } = adminSdk();
try {
  const { read, migrated, unreadable } = await migrateWalletShapes(db, new Date());
  console.log(`${projectId}${production ? '' : ' (emulator)'}: ${read} wallets read, ${migrated} migrated.`);
  if (unreadable.length > 0) {
    console.error(`${unreadable.length} wallets are of no known shape, left as they are: ${unreadable.join(', ')}`);
    process.exit(1);
  }
} catch (err) {
  console.error(`The wallet migration stopped: ${(err as Error).message}`);
  process.exit(1);
}
