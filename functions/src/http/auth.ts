import { ERROR_MESSAGES } from '@stockseer/contract';
import type { Request, RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Caller } from '../domain/caller';
import { countWork } from '../adapters/logging/requestContext';
import { AppError } from '../domain/errors';
import { trustedTokenVerifier } from './verifiedTokens';

/** When the token's holder signed in (its `auth_time`, Unix seconds): a revocation after it ends the session. */
type Session = { authTimeSeconds: number };
type Authenticated = Request & { caller?: Caller; session?: Session };

/** Set by `authenticate` (and by unit tests of routes); routes behind it read the verified caller from here. */
export function setCaller(req: Request, caller: Caller, session?: Session): void {
  Object.assign(req as Authenticated, { caller, session });
}

/** The verified caller of a request, if `authenticate` let one through. */
export function callerIfAny(req: Request): Caller | undefined {
  return (req as Authenticated).caller;
}

/** The verified caller of a request behind `authenticate`; 401 without one. */
export function callerOf(req: Request): Caller {
  const caller = callerIfAny(req);
  if (!caller) throw new AppError('unauthenticated', 'Sign in to continue');
  return caller;
}

/**
 * Verifies the Firebase ID token of `Authorization: Bearer <token>`; 401 when it is missing or bad.
 *
 * `live`: for the routes where the token alone is not enough (those that move money), since a disabled account or a
 * revoked session leaves it valid until it expires, up to an hour. There the SDK verifies it with its revocation
 * check, one Auth lookup of the account as it is now, on every request. The other routes (the reads, and `POST /me`,
 * which only creates the caller's own records) trust the token until it expires, so each instance verifies it once
 * (`trustedTokenVerifier`). `nowMs`: the real time a token's `exp` is read against (tests move it), never the time
 * machine's.
 */
export function authenticate(auth: Auth, { live, nowMs }: { live: boolean; nowMs?: () => number }): RequestHandler {
  const verify = live ? liveTokenVerifier(auth) : trustedTokenVerifier(auth, nowMs);
  return async (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('unauthenticated', 'Missing bearer token: sign in to continue');
    let decoded;
    try {
      decoded = await verify(match[1]);
    } catch (error) {
      throw refusal(error);
    }
    const caller: Caller = {
      uid: decoded.uid,
      email: decoded.email ?? null,
      displayName: typeof decoded.name === 'string' ? decoded.name : null,
      photoURL: typeof decoded.picture === 'string' ? decoded.picture : null,
      isAdmin: decoded.admin === true,
    };
    setCaller(req, caller, { authTimeSeconds: decoded.auth_time });
    next();
  };
}

/** The token and the account as it is now: an Auth lookup on every request. */
function liveTokenVerifier(auth: Auth) {
  return (token: string) => {
    countWork('tokenChecks');
    return auth.verifyIdToken(token, true);
  };
}

/**
 * Why the SDK refused a token or an account lookup, in the user's words. Only the SDK's own `auth/` errors are the
 * token's or the account's fault; anything else (Auth unreachable) is not a 401, which would sign the user out.
 */
function refusal(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('auth/') || code === 'auth/internal-error') return error;
  if (code === 'auth/id-token-revoked' || code === 'auth/user-not-found') {
    return new AppError('unauthenticated', SESSION_MESSAGES.revoked);
  }
  if (code === 'auth/user-disabled') return new AppError('unauthenticated', SESSION_MESSAGES.disabled);
  return new AppError('unauthenticated', 'Invalid or expired token: sign in again');
}

export const SESSION_MESSAGES = {
  revoked: 'Your session was signed out: sign in again',
  disabled: 'Your account is disabled',
} as const;

/**
 * For the admin routes: the admin claim as it is now, not as the token (up to an hour old) says. One Auth lookup
 * checks the account the way `verifyIdToken(token, true)` does (disabled, sessions revoked) and reads the live claim,
 * which no SDK check sees: a removed claim is refused at once.
 */
export function requireLiveAdmin(auth: Auth): RequestHandler {
  return async (req, _res, next) => {
    const caller = callerOf(req);
    const session = (req as Authenticated).session;
    if (!session) throw new AppError('unauthenticated', SESSION_MESSAGES.revoked);
    const user = await auth.getUser(caller.uid).catch((error: unknown) => {
      throw refusal(error);
    });
    if (user.disabled) throw new AppError('unauthenticated', SESSION_MESSAGES.disabled);
    const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
    if (session.authTimeSeconds * 1000 < validAfter) throw new AppError('unauthenticated', SESSION_MESSAGES.revoked);
    if (user.customClaims?.admin !== true) throw new AppError('forbidden', ERROR_MESSAGES.adminRequired);
    next();
  };
}

/** Admin routes: the `admin` custom claim of the token, never an account id (requireLiveAdmin then reads it live). */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!callerOf(req).isAdmin) throw new AppError('forbidden', ERROR_MESSAGES.adminRequired);
  next();
};
