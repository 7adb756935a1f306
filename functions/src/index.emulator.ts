import { db } from './adapters/firestore/db';
import { timeMachineFromEnv } from './emulator/timeMachine';
import { localPushServiceFromEnv } from './emulator/localPushService';
import { countFirestoreUsage } from './emulator/firestoreUsage';
import { stockseerFunctions } from './functions';

/**
 * The local stack's functions (functions/build.mjs bundles this entry with STOCKSEER_BUILD=emulator, as
 * tools/stack does): production's, plus the time machine, the stack's push services and the count of Firestore
 * reads and writes (bench:maintenance reads it), the one door of everything
 * emulator-only (src/emulator/).
 * Never deployed: outside the Functions emulator it refuses to load.
 */
if (process.env.FUNCTIONS_EMULATOR !== 'true') {
  throw new Error('This is the local emulator build of the functions: deploy the production one (npm run build)');
}

countFirestoreUsage(db(), process.env);

export const { api, dailyMaintenance, maintenanceShard } = stockseerFunctions({
  ...timeMachineFromEnv(db(), process.env),
  localPushService: localPushServiceFromEnv(process.env),
});
