import type { Firestore } from 'firebase-admin/firestore';
import { apiCall } from './api';
import { seedWalletCommit } from './seedTopUp';

/**
 * Puts money in a test user's wallet as a credited top-up leaves it: a top-up of `cents` paid in the stack's Stripe
 * sandbox, credited through the wallet writer (seedTopUp.ts), and the free predictions set to `free`. For tests and
 * benchmarks that are not about payments.
 */
export async function fundWallet(
  db: Firestore,
  user: { uid: string; token: string },
  { cents, free }: { cents: number; free?: number },
): Promise<void> {
  await apiCall('/api/me', { method: 'POST', token: user.token });
  await seedWalletCommit(db, { userId: user.uid, cents, free, now: new Date() });
}
