import type { Auth } from 'firebase-admin/auth';

/**
 * Ends every session of an account: its refresh tokens are revoked, so the app cannot get a new ID token, and the
 * API refuses its current ones on the routes that move money or need the admin claim (their `liveSession` and `admin`
 * guards: functions/src/http/guards.ts). With `disable`, the account cannot sign in again either (undo in the Firebase console or with
 * `auth.updateUser(uid, { disabled: false })`).
 */
export async function revokeSessions(auth: Auth, email: string, { disable = false } = {}): Promise<string> {
  const user = await auth.getUserByEmail(email);
  if (disable) await auth.updateUser(user.uid, { disabled: true });
  await auth.revokeRefreshTokens(user.uid);
  return user.uid;
}
