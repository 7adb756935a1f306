/**
 * `npm run admin:grant -- EMAIL [--reason WHY]`: gives an existing account the admin claim (emulator by default),
 * recorded in the audit log.
 */
import { adminSdk } from '../lib/adminSdk';
import { grantAdmin } from '../lib/grantAdmin';
import { reasonArgument } from '../lib/reasonArgument';

const { reason, rest } = reasonArgument(process.argv.slice(2));
const [email, ...extra] = rest;
if (!email || extra.length > 0 || email.startsWith('-')) {
  console.error('usage: npm run admin:grant -- EMAIL [--reason WHY]');
  process.exit(2);
}
const { auth, db, production, projectId } = adminSdk();
try {
  const uid = await grantAdmin(auth, db, email, { tool: 'npm run admin:grant', reason });
  console.log(`${email} (${uid}) is now an admin of ${projectId}${production ? '' : ' (emulator)'}.`);
} catch (err) {
  console.error(`Could not grant admin to ${email}: ${(err as Error).message}`);
  process.exit(1);
}
