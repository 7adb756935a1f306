/**
 * `npm run admin:revoke -- EMAIL [--disable]`: signs an account out everywhere (emulator by default), e.g. a lost
 * device, a departed admin or an abused account; `--disable` also stops it from signing in again.
 */
import { adminSdk } from '../lib/adminSdk';
import { revokeSessions } from '../lib/revokeSessions';

const args = process.argv.slice(2);
const disable = args.includes('--disable');
const [email, ...rest] = args.filter((arg) => arg !== '--disable');
if (!email || rest.length > 0 || email.startsWith('-')) {
  console.error('usage: npm run admin:revoke -- EMAIL [--disable]');
  process.exit(2);
}
const { auth, production, projectId } = adminSdk();
try {
  const uid = await revokeSessions(auth, email, { disable });
  const where = `${projectId}${production ? '' : ' (emulator)'}`;
  console.log(`${email} (${uid}): sessions revoked${disable ? ' and account disabled' : ''} in ${where}.`);
} catch (err) {
  console.error(`Could not revoke the sessions of ${email}: ${(err as Error).message}`);
  process.exit(1);
}
