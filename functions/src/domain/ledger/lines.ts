import type { Transaction, Wallet, WalletFigures } from '@stockseer/contract';
import { ledgerTxId } from './ids';
import { lineEffect } from './invariants';

const PREDICTION_LINE_PREFIXES = [ledgerTxId.reserve(''), ledgerTxId.settle('')];

/**
 * The prediction a ledger line was written for (its reservation, free use, fee or release), read off the line's
 * derived id; null for lines of other causes (deposits, adjustments).
 */
export function predictionIdOfLine(txId: string): string | null {
  const prefix = PREDICTION_LINE_PREFIXES.find((p) => txId.startsWith(p));
  return prefix ? txId.slice(prefix.length) || null : null;
}

/**
 * Newest first by the ledger's own order: the line's date, then the order the database wrote the lines in. Under the
 * local time machine every line of a pinned day has the same date (that day's close), so the write order decides.
 */
export function newestLineFirst(a: { date: string; writtenAt: number }, b: { date: string; writtenAt: number }) {
  return b.date.localeCompare(a.date) || b.writtenAt - a.writtenAt;
}

/** A wallet before its first line. */
export const NO_MONEY: WalletFigures = { available: 0, reserved: 0, charged: 0 };

/** The wallet's figures in the statement's words: Available is its balance. */
export const walletFigures = (wallet: Wallet): WalletFigures => ({
  available: wallet.balance,
  reserved: wallet.reservedBalance,
  charged: wallet.chargedBalance,
});

const plus = (a: WalletFigures, b: WalletFigures): WalletFigures => ({
  available: a.available + b.available,
  reserved: a.reserved + b.reserved,
  charged: a.charged + b.charged,
});

/**
 * The Payment History as a statement (docs/product.md#statement): each line, oldest first in the order the ledger
 * applied them, with what it did to each of the wallet's figures and the figures after it, counted on from `opening`,
 * what the wallet held before the first line (NO_MONEY for a wallet's whole history).
 */
export function statementLines<T extends Pick<Transaction, 'type' | 'amount'>>(
  oldestFirst: readonly T[],
  opening: WalletFigures,
): (T & { effect: WalletFigures; after: WalletFigures })[] {
  let figures = opening;
  return oldestFirst.map((line) => {
    const effect = lineEffect(line);
    figures = plus(figures, effect);
    return { ...line, effect, after: figures };
  });
}

/**
 * What the wallet held before the oldest of its latest lines, when older ones are left out: the wallet now, less
 * what those lines did. The lines must be read with the wallet, in one snapshot, or a line written in between counts
 * twice or not at all.
 */
export function figuresBefore(
  wallet: WalletFigures,
  latestLines: readonly Pick<Transaction, 'type' | 'amount'>[],
): WalletFigures {
  return latestLines.reduce((figures, line) => {
    const effect = lineEffect(line);
    return plus(figures, { available: -effect.available, reserved: -effect.reserved, charged: -effect.charged });
  }, wallet);
}

/**
 * A history read newest first (adapters/firestore/walletHistory.ts) as statement lines, newest first: counted from
 * zero over a whole history; when older lines were left out, from what the wallet held before them.
 */
export function statementNewestFirst<T extends Pick<Transaction, 'type' | 'amount'>>({
  wallet,
  lines,
  whole,
}: {
  wallet: Wallet | null;
  lines: readonly T[];
  whole: boolean;
}) {
  const oldestFirst = [...lines].reverse();
  const opening = whole || !wallet ? NO_MONEY : figuresBefore(walletFigures(wallet), oldestFirst);
  return statementLines(oldestFirst, opening).reverse();
}
