/**
 * The business overview's figures (docs/product.md#overview), pure. The money figures and the paid predictions come
 * from one place: the ledger decisions the wallet writer applies (`aggregateDeltasOf`), added in the same
 * transaction, so every path that moves money counts once and a replay, which applies nothing, counts nothing.
 */
import type { BusinessFigures, Transaction, TransactionType } from '@stockseer/contract';

/**
 * What is stored per day and per month: the figures, plus the net change of the money held in reservations, from
 * which the reader builds the outstanding level at the end of each period.
 */
export type FigureDeltas = BusinessFigures & { reservedChange: number };

export const NO_FIGURES: Readonly<FigureDeltas> = Object.freeze({
  moneyIn: 0,
  revenue: 0,
  released: 0,
  refunded: 0,
  disputed: 0,
  disputesWon: 0,
  credits: 0,
  freePredictions: 0,
  paidPredictions: 0,
  resolved: 0,
  hits: 0,
  activeUsers: 0,
  newUsers: 0,
  reservedChange: 0,
});

export const FIGURE_NAMES = Object.keys(NO_FIGURES) as (keyof FigureDeltas)[];

/**
 * What a ledger line of each type adds: exhaustive, so a new line kind does not compile until it says what it counts.
 * A reservation makes a paid prediction and holds its $1; a charge (hit) or a release (miss) resolves it.
 */
const LINE_FIGURES: Record<TransactionType, (cents: number) => Partial<FigureDeltas>> = {
  deposit: (cents) => ({ moneyIn: cents }),
  reservation: (cents) => ({ paidPredictions: 1, reservedChange: cents }),
  free_prediction: () => ({ freePredictions: 1 }),
  payment: (cents) => ({ revenue: cents, reservedChange: -cents, resolved: 1, hits: 1 }),
  refund: (cents) => ({ released: cents, reservedChange: -cents, resolved: 1 }),
  // Its owner closed the account (docs/product.md#closing-an-account): the $1 is released unresolved.
  cancellation: (cents) => ({ released: cents, reservedChange: -cents }),
  // A courtesy credit (money from the house), and an adjustment of the original app.
  credit: (cents) => ({ credits: cents }),
  other: (cents) => ({ credits: cents }),
  // The unspent courtesy credit of a closed account, back to the house: courtesy credits count net of it.
  forfeiture: (cents) => ({ credits: -cents }),
  top_up_refund: (cents) => ({ refunded: cents }),
  dispute: (cents) => ({ disputed: cents }),
  dispute_won: (cents) => ({ disputesWon: cents }),
  // The bank's decision alone: the money left when the dispute was opened.
  dispute_lost: () => ({}),
  // An admin's refund in progress moves money inside the wallet; its refund line counts it as refunded.
  refund_hold: () => ({}),
  refund_hold_release: () => ({}),
};

export function lineFigures(line: Pick<Transaction, 'type' | 'amount'>): FigureDeltas {
  return { ...NO_FIGURES, ...LINE_FIGURES[line.type](line.amount) };
}

export function sumFigures(a: FigureDeltas, b: Partial<FigureDeltas>, sign: 1 | -1 = 1): FigureDeltas {
  const sum = { ...a };
  for (const name of FIGURE_NAMES) sum[name] = a[name] + sign * (b[name] ?? 0);
  return sum;
}

export const isNothing = (figures: FigureDeltas) => FIGURE_NAMES.every((name) => figures[name] === 0);

/**
 * What one commit of the wallet writer adds to the figures of its day and month: every line its applied decisions
 * append, and a new user when it opened the wallet.
 */
export function aggregateDeltasOf({
  walletOpened,
  applied,
}: {
  walletOpened: boolean;
  applied: readonly { transactions: readonly Pick<Transaction, 'type' | 'amount'>[] }[];
}): FigureDeltas {
  const lines = applied.flatMap((decision) => decision.transactions);
  const opened = walletOpened ? { newUsers: 1 } : {};
  return lines.reduce((sum, line) => sumFigures(sum, lineFigures(line)), sumFigures(NO_FIGURES, opened));
}

/** Free predictions resolve without money, so outside the wallet writer: their own part of the figures. */
export function freeResolutionFigures(outcomes: readonly ('hit' | 'missed')[]): FigureDeltas {
  return { ...NO_FIGURES, resolved: outcomes.length, hits: outcomes.filter((o) => o === 'hit').length };
}
