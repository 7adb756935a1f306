/**
 * Seeds the local stack with demo data through the same paths production uses: the demo investor and the demo
 * admin sign in as test Google accounts, the admin gets the claim by the admin script's code, and both accounts
 * are created by the API's `POST /api/me`. Safe to run again.
 */
import { DEMO_ADMIN, DEMO_USER } from '@stockseer/contract/testAccounts';
import { adminSdk } from '../lib/adminSdk';
import { grantAdmin } from '../lib/grantAdmin';
import { emulatorSignIn } from '../lib/emulatorSignIn';

const APP_URL = process.env.STOCKSEER_APP_URL ?? 'http://127.0.0.1:5000';

async function ensureAccount(idToken: string) {
  const res = await fetch(`${APP_URL}/api/me`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` } });
  if (!res.ok) throw new Error(`POST /api/me failed: ${res.status} ${await res.text()}`);
}

const { auth, db } = adminSdk();
await emulatorSignIn(DEMO_ADMIN);
await grantAdmin(auth, db, DEMO_ADMIN.email, { tool: 'npm run seed', reason: 'the demo admin of the local stack' });
for (const account of [DEMO_USER, DEMO_ADMIN]) {
  const { idToken } = await emulatorSignIn(account);
  await ensureAccount(idToken);
}
console.log(`[seed] demo accounts ready: ${DEMO_USER.email} (investor), ${DEMO_ADMIN.email} (admin)`);
