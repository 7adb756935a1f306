import type { Request, RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { AppError } from '../domain/errors';

export interface Caller {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  isAdmin: boolean;
}

/** Set by `authenticate` (and by unit tests of routes); routes behind it read the verified caller from here. */
export function setCaller(req: Request, caller: Caller): void {
  (req as Request & { caller?: Caller }).caller = caller;
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
    } catch {
      throw new AppError('unauthenticated', 'Invalid or expired token: sign in again');
    }
    const caller: Caller = {
      uid: decoded.uid,
      email: decoded.email ?? null,
      displayName: typeof decoded.name === 'string' ? decoded.name : null,
      photoURL: typeof decoded.picture === 'string' ? decoded.picture : null,
      isAdmin: decoded.admin === true,
    };
    setCaller(req, caller);
    next();
  };
}

/** Admin routes: the `admin` custom claim, never an account id. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!callerOf(req).isAdmin) throw new AppError('forbidden', 'Admin access required');
  next();
};
