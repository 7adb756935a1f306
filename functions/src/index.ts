import { clockFromEnv } from './adapters/clockFromEnv';
import { stockseerFunctions } from './functions';

/**
 * The deployed functions (functions/build.mjs bundles this entry unless told STOCKSEER_BUILD=emulator): the real
 * clock and no time machine. Nothing of src/emulator/ is imported here, so the bundle carries none of it
 * (deployedBundle.test.ts checks).
 */
export const { api, dailyMaintenance, maintenanceShard } = stockseerFunctions({ clock: clockFromEnv(process.env) });
