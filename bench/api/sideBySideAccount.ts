/**
 * One stack's part of `bench:api:side-by-side` (sideBySide.ts), run inside `tools/stack/main.ts exec` of each
 * checkout compared, with that checkout's own test kits (so an older checkout funds its wallet its own way): signs up
 * an investor, funds the wallet, warms the caches the warm scenarios promise, writes the account to READY_FILE and
 * holds the stack up until STOP_FILE exists. sideBySide.ts copies this file into an older checkout that lacks it,
 * so it imports only kits every compared checkout has, and takes the paths to warm from its caller.
 *
 *   tsx bench/api/sideBySideAccount.ts READY_FILE STOP_FILE WARM_PATH...
 */
import { existsSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminSdk } from '../../tools/lib/adminSdk';
import { apiCall, APP_URL, newTestUser } from '../../tools/testing/api';
import { fundWallet } from '../../tools/testing/wallet';

const [readyFile, stopFile, ...warmPaths] = process.argv.slice(2);
if (!readyFile || !stopFile) throw new Error('usage: sideBySideAccount.ts READY_FILE STOP_FILE WARM_PATH...');

const user = await newTestUser('side-by-side');
// Enough money for every generate of the comparison.
await fundWallet(adminSdk().db, user, { cents: 1_000_000, free: 0 });
for (const path of warmPaths) {
  const res = await apiCall(path, { token: user.token });
  if (res.status !== 200) throw new Error(`warming ${path} answered ${res.status}`);
}
writeFileSync(readyFile, JSON.stringify({ appUrl: APP_URL, token: user.token }));
while (!existsSync(stopFile)) await sleep(1000);
process.exit(0);
