import { ERROR_MESSAGES } from '@stockseer/contract';
import type { Request, RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Caller } from '../domain/caller';
import { AppError } from '../domain/errors';

/** When the token's holder signed in (its `auth_time`, Unix seconds): a revocation after it ends the session. */
type Session = { authTimeSeconds: number };
type Authenticated = Request & { caller?: Caller; session?: Session };

/** Set by `authenticate` (and by unit tests of routes); routes behind it read the verified caller from here. */
export function setCaller(req: Request, caller: Caller, session?: Session): void {
  Object.assign(req as Authenticated, { caller, session });
}

/** The verified caller of a request behind `authenticate`; 401 without one. */
export function callerOf(req: Request): Caller {
  const caller = (req as Request & { caller?: Caller }).caller;
  if (!caller) throw new AppError('unauthenticated', 'Sign in to continue');
  return caller;
}

/** Verifies the Firebase ID token of `Authorization: Bearer <token>`; 401 when it is missing or bad. */
export function authenticate(auth: Auth): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('unauthenticated', 'Missing bearer token: sign in to continue');
    let decoded;
    try {
      decoded = await auth.verifyIdToken(match[1]);
    } catch (error) {
      // Against the Auth emulator the SDK checks revocation on every call; say so as requireLiveSession does.
      const code = (error as { code?: string }).code;
      if (code === 'auth/id-token-revoked') throw new AppError('unauthenticated', SESSION_MESSAGES.revoked);
      if (code === 'auth/user-disabled') throw new AppError('unauthenticated', SESSION_MESSAGES.disabled);
      throw new AppError('unauthenticated', 'Invalid or expired token: sign in again');
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

export const SESSION_MESSAGES = {
  revoked: 'Your session was signed out: sign in again',
  disabled: 'Your account is disabled',
} as const;

/**
 * For routes that move money or need the admin claim: the token alone is not enough, since a disabled account, a
 * revoked session or a removed admin claim leaves it valid until it expires (up to an hour). One Auth lookup checks
 * the account as it is now, the way `verifyIdToken(token, true)` does, and reads the live admin claim too.
 */
export function requireLiveSession(auth: Auth, { admin = false } = {}): RequestHandler {
  return async (req, _res, next) => {
    const caller = callerOf(req);
    const session = (req as Authenticated).session;
    if (!session) throw new AppError('unauthenticated', SESSION_MESSAGES.revoked);
    const user = await auth.getUser(caller.uid).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'auth/user-not-found') {
        throw new AppError('unauthenticated', SESSION_MESSAGES.revoked);
      }
      throw error;
    });
    if (user.disabled) throw new AppError('unauthenticated', SESSION_MESSAGES.disabled);
    const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
    if (session.authTimeSeconds * 1000 < validAfter) throw new AppError('unauthenticated', SESSION_MESSAGES.revoked);
    if (admin && user.customClaims?.admin !== true) throw new AppError('forbidden', ERROR_MESSAGES.adminRequired);
    next();
  };
}

/** The paths of the admin routes (routes/admin.ts), everything under them included. */
export const ADMIN_ROUTES = ['/admin', '/predictions/all'];

/** Admin routes: the `admin` custom claim, never an account id. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!callerOf(req).isAdmin) throw new AppError('forbidden', ERROR_MESSAGES.adminRequired);
  next();
};
