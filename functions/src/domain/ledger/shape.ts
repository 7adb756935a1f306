/**
 * Wallets stored by the original app lack `chargedBalance` (docs/product.md#wallet-figures). They are migrated once,
 * up front (`npm run admin:migrate-wallets`, before deploying this version): the wallet writer reads only the current
 * shape, and a wallet it cannot read is a loud error, never a silent repair.
 */
import { Wallet } from '@stockseer/contract';
import { assertInvariant } from '../errors';

/** The stored document in the current shape, or null when it already is; a shape it cannot mend is an error. */
export function upgradedWallet(id: string, stored: Record<string, unknown>, now: Date): Wallet | null {
  if (Wallet.safeParse(stored).success) return null;
  // Nothing was ever charged before `chargedBalance` existed: the original app had no charge on a hit.
  const upgraded = typeof stored.chargedBalance === 'number' ? stored : { ...stored, chargedBalance: 0 };
  const parsed = Wallet.safeParse({ ...upgraded, updatedAt: now.toISOString() });
  assertInvariant(parsed.success, `wallet ${id} is of no known shape: ${parsed.error?.message ?? ''}`);
  return parsed.data;
}
