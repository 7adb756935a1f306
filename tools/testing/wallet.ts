import type { Firestore } from 'firebase-admin/firestore';
import type { Wallet } from '@stockseer/contract';
import { apiCall } from './api';

/**
 * Puts money in a test user's wallet as a settled deposit would leave it: the wallet's balance and a matching
 * `deposit:` transaction, so the ledger invariants hold. For tests and benchmarks that are not about payments.
 */
export async function fundWallet(
  db: Firestore,
  user: { uid: string; token: string },
  { cents, free }: { cents: number; free?: number },
): Promise<void> {
  await apiCall('/api/me', { method: 'POST', token: user.token });
  const walletRef = db.collection('wallets').doc(user.uid);
  const wallet = (await walletRef.get()).data() as Wallet;
  const now = new Date().toISOString();
  const id = `deposit:pi_seed_${user.uid}`;
  await db
    .collection('transactions')
    .doc(id)
    .set({
      id,
      walletId: user.uid,
      type: 'deposit',
      amount: cents,
      ticker: null,
      description: `Stripe payment: $${(cents / 100).toFixed(2)}`,
      date: now,
      createdAt: now,
    });
  await walletRef.set({ ...wallet, balance: cents, freePredictions: free ?? wallet.freePredictions });
}
