import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * Makes an account an admin: the `admin` custom claim is what the API checks (docs/product.md#roles-and-guards); the
 * user document's `isAdmin` mirrors it for display. The user sees it after their ID token refreshes (at most an hour,
 * or on the next sign-in).
 */
export async function grantAdmin(auth: Auth, db: Firestore, email: string): Promise<string> {
  const user = await auth.getUserByEmail(email);
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
  const userDoc = db.collection('users').doc(user.uid);
  if ((await userDoc.get()).exists) await userDoc.update({ isAdmin: true, updatedAt: new Date().toISOString() });
  return user.uid;
}
