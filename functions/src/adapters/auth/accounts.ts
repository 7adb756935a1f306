/**
 * Accounts as Firebase Auth has them now: a customer's sessions for the customer view, and ending them (sign out
 * everywhere, disable), which `npm run admin:revoke` (tools/admin/revoke.ts) and the support action share.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { SUPPORT_MESSAGES, type CustomerSessions } from '@stockseer/contract';
import { notFound } from '../../domain/errors';

/** The account of `uid`; a 404 when Auth has none. */
export async function accountOf(auth: Auth, uid: string): Promise<UserRecord> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') throw notFound(SUPPORT_MESSAGES.unknownUser);
    throw error;
  }
}

/** Auth's dates are RFC 1123 strings (or absent); the API's are ISO instants. */
const iso = (date: string | null | undefined) => (date ? new Date(date).toISOString() : null);

/** What Auth knows of the account's sessions. */
export function sessionsOf(account: UserRecord): CustomerSessions {
  return {
    lastSignInAt: iso(account.metadata.lastSignInTime),
    lastActiveAt: iso(account.metadata.lastRefreshTime),
    tokensValidAfter: iso(account.tokensValidAfterTime),
    disabled: account.disabled,
  };
}

/**
 * Ends every session of an account: its refresh tokens are revoked, so the app cannot get a new ID token, and the
 * API refuses its current ones on the routes that move money or need the admin claim (their `liveSession` and `admin`
 * guards: functions/src/http/guards.ts). With `disable`, the account cannot sign in again either (undo in the Firebase
 * console or with `auth.updateUser(uid, { disabled: false })`).
 */
export async function endSessions(auth: Auth, uid: string, { disable = false } = {}): Promise<void> {
  if (disable) await auth.updateUser(uid, { disabled: true });
  await auth.revokeRefreshTokens(uid);
}

/**
 * Deletes the sign-in account when its owner closes it (docs/product.md#closing-an-account): its sessions end with
 * it. One deleted before (a resumed closure) is done already.
 */
export async function deleteSignInAccount(auth: Auth, uid: string): Promise<void> {
  try {
    await auth.deleteUser(uid);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
  }
}
