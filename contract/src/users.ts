import { z } from 'zod';
import { IsoDateTime } from './common';
import { Wallet } from './wallet';

export const UserProfile = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** Mirrors the `admin` custom claim, for display only; the claim is what the server checks. */
  isAdmin: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type UserProfile = z.infer<typeof UserProfile>;

/** `POST /api/me`: creates the user and wallet on first sign-in (idempotent) and returns both. */
export const MeResponse = z.object({ user: UserProfile, wallet: Wallet });
export type MeResponse = z.infer<typeof MeResponse>;
