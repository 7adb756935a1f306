/** `npm run admin:grant -- EMAIL`: gives an existing account the admin claim (emulator by default). */
import { adminSdk } from '../lib/adminSdk';
import { grantAdmin } from '../lib/grantAdmin';

const email = process.argv[2];
if (!email) {
  console.error('usage: npm run admin:grant -- EMAIL');
  process.exit(2);
}
const { auth, db, production, projectId } = adminSdk();
try {
  const uid = await grantAdmin(auth, db, email);
  console.log(`${email} (${uid}) is now an admin of ${projectId}${production ? '' : ' (emulator)'}.`);
} catch (err) {
  console.error(`Could not grant admin to ${email}: ${(err as Error).message}`);
  process.exit(1);
}
