/**
 * `npm run admin:revoke -- EMAIL [--disable] [--reason WHY]`: signs an account out everywhere (emulator by default),
 * e.g. a lost device, a departed admin or an abused account; `--disable` also stops it from signing in again. Recorded
 * in the audit log, as the Admin tab's sign out everywhere is.
 */
import { adminSdk } from '../lib/adminSdk';
import { reasonArgument } from '../lib/reasonArgument';
import { revokeSessions } from '../lib/revokeSessions';

const { reason, rest: args } = reasonArgument(process.argv.slice(2));
const disable = args.includes('--disable');
const [email, ...rest] = args.filter((arg) => arg !== '--disable');
if (!email || rest.length > 0 || email.startsWith('-')) {
  console.error('usage: npm run admin:revoke -- EMAIL [--disable] [--reason WHY]');
  process.exit(2);
}
const { auth, db, production, projectId } = adminSdk();
try {
  const uid = await revokeSessions(auth, email, { disable, audit: { db, tool: 'npm run admin:revoke', reason } });
  const where = `${projectId}${production ? '' : ' (emulator)'}`;
  console.log(`${email} (${uid}): sessions revoked${disable ? ' and account disabled' : ''} in ${where}.`);
} catch (err) {
  console.error(`Could not revoke the sessions of ${email}: ${(err as Error).message}`);
  process.exit(1);
}
