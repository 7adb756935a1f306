/**
 * One stack's part of `bench:api:side-by-side` (sideBySide.ts), run inside `tools/stack/main.ts exec` of each
 * checkout compared, with that checkout's own test kits (so an older checkout funds its wallet its own way): signs up
 * INVESTORS investors (one forecast, one charge: each can ask for each forecast once a day, so a long run needs
 * several), funds their wallets, warms the caches the warm scenarios promise, writes the accounts to READY_FILE and
 * holds the stack up until STOP_FILE exists. Meanwhile, whenever READY_FILE.clear appears, it deletes the forecasts of
 * the day and then that file: a forecast fitted once today is shared by every investor who asks for it, so without
 * this the generates after the first investor's would read stored forecasts instead of fitting. sideBySide.ts
 * copies this file into the base checkout (beside its own copy, if any), so it imports only kits every compared
 * checkout has, and takes the paths to warm from its caller.
 *
 *   tsx bench/api/sideBySideAccount.ts READY_FILE STOP_FILE INVESTORS WARM_PATH...
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminSdk } from '../../tools/lib/adminSdk';
import { apiCall, APP_URL, newTestUser } from '../../tools/testing/api';
import { fundWallet } from '../../tools/testing/wallet';

const [readyFile, stopFile, investors, ...warmPaths] = process.argv.slice(2);
const count = Number(investors);
if (!readyFile || !stopFile || !(count >= 1)) {
  throw new Error('usage: sideBySideAccount.ts READY_FILE STOP_FILE INVESTORS WARM_PATH...');
}

const tokens: string[] = [];
for (let i = 0; i < count; i += 1) {
  const user = await newTestUser('side-by-side');
  // Enough money for every forecast an investor can ask for in a day.
  await fundWallet(adminSdk().db, user, { cents: 1_000_000, free: 0 });
  tokens.push(user.token);
}
for (const path of warmPaths) {
  const res = await apiCall(path, { token: tokens[0] });
  if (res.status !== 200) throw new Error(`warming ${path} answered ${res.status}`);
}
// Written whole, then renamed: the caller polls for the file and must not read it half-written.
writeFileSync(`${readyFile}.part`, JSON.stringify({ appUrl: APP_URL, tokens }));
renameSync(`${readyFile}.part`, readyFile);
const clearFile = `${readyFile}.clear`;
while (!existsSync(stopFile)) {
  if (existsSync(clearFile)) {
    const { db } = adminSdk();
    // Spelled out, not read from the checkout's db.ts: a base from before 2026-11-24 has no such collection there.
    await db.recursiveDelete(db.collection('forecastsOfTheDay'));
    rmSync(clearFile);
  }
  await sleep(100);
}
process.exit(0);
