/**
 * A digest of ledger lines that a later audit can verify: the sum, modulo 2^256, of each line's SHA-256 over its
 * canonical contents. A sum does not depend on the order the lines are read in or the chunks they are folded in, and
 * any line changed, added or removed changes it.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from '@stockseer/contract';

const MODULUS = 1n << 256n;
export const EMPTY_DIGEST = '0'.repeat(64);

/** A line's fields in a fixed order: the same line gives the same digest whatever its stored field order. */
export function lineDigest(t: Transaction): string {
  const canonical = [t.id, t.walletId, t.type, t.amount, t.ticker ?? null, t.description, t.date, t.createdAt];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export function addDigests(a: string, b: string): string {
  return ((BigInt(`0x${a}`) + BigInt(`0x${b}`)) % MODULUS).toString(16).padStart(64, '0');
}

/** The digest of `lines`, in any order. */
export function digestOf(lines: readonly Transaction[]): string {
  return lines.reduce((sum, t) => addDigests(sum, lineDigest(t)), EMPTY_DIGEST);
}
