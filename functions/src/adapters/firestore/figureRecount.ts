/**
 * The overview's figures counted again from what they summarise (docs/architecture.md#the-business-overview): every
 * ledger line, every wallet's opening (of the wallets that exist, and of those a closure deleted, from its closure
 * record), every resolved free prediction and every activity marker, page by page. What the stored shards
 * (businessFigures.ts) must add up to.
 */
import type { Firestore, Query, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { Prediction, Wallet } from '@stockseer/contract';
import { fixedClock } from '../../domain/clock';
import { addOnDate, addToBook, type FigureBook } from '../../domain/overview/book';
import { freeResolutionFigures, lineFigures } from '../../domain/overview/figures';
import { ClosureRecord } from './accountClosures';
import { buildQuery, QUERIES } from './queries';
import { RESOLVED_AT } from './walletSettlement';
import { storedLine } from './storedLine';
import { runTransaction } from './runTransaction';

/** Documents read at once: bounded memory however long the history. */
const PAGE_SIZE = 500;

async function forEachDocIn(tx: Transaction, query: Query, visit: (doc: QueryDocumentSnapshot) => void): Promise<void> {
  let page = await tx.get(query.limit(PAGE_SIZE));
  for (;;) {
    page.docs.forEach(visit);
    if (page.size < PAGE_SIZE) return;
    page = await tx.get(query.startAfter(page.docs.at(-1)!).limit(PAGE_SIZE));
  }
}

const FreeResolution = Prediction.pick({ isFree: true, targetDate: true });
const ClosedWallet = ClosureRecord.pick({ state: true, walletOpenedAt: true });

export interface Recount {
  book: FigureBook;
  /** Closed accounts whose wallet's opening their record does not keep (closed before records kept it). */
  openingsNotKept: number;
}

/**
 * Everything is read in one read-only transaction, so from one snapshot of the database: a user is counted from their
 * wallet, or from the closure record once the wallet is deleted, and a closure moving from one to the other between
 * two reads would count them twice (or not at all).
 */
export function recountBusinessFigures(db: Firestore): Promise<Recount> {
  return runTransaction(db, (tx) => recountIn(db, tx), { readOnly: true });
}

async function recountIn(db: Firestore, tx: Transaction): Promise<Recount> {
  const forEachDoc = (query: Query, visit: (doc: QueryDocumentSnapshot) => void) => forEachDocIn(tx, query, visit);
  const book: FigureBook = new Map();
  await forEachDoc(buildQuery(db, QUERIES.allLedgerLines, []), (doc) => {
    const line = storedLine(doc);
    addOnDate(book, new Date(line.date), lineFigures(line));
  });
  await forEachDoc(buildQuery(db, QUERIES.allWallets, []).select('createdAt'), (doc) => {
    addOnDate(book, new Date(Wallet.shape.createdAt.parse(doc.get('createdAt'))), { newUsers: 1 });
  });
  let openingsNotKept = 0;
  await forEachDoc(buildQuery(db, QUERIES.allAccountClosures, []).select('state', 'walletOpenedAt'), (doc) => {
    const { state, walletOpenedAt } = ClosedWallet.parse(doc.data());
    if (state === 'closing') return; // its wallet still exists, counted above
    if (walletOpenedAt) addOnDate(book, new Date(walletOpenedAt), { newUsers: 1 });
    else openingsNotKept++;
  });
  for (const status of ['hit', 'missed'] as const) {
    const resolved = buildQuery(db, QUERIES.resolvedPredictions, ['future', status]).select(
      'isFree',
      'targetDate',
      RESOLVED_AT,
    );
    await forEachDoc(resolved, (doc) => {
      const { isFree, targetDate } = FreeResolution.parse(doc.data());
      if (!isFree) return; // a paid one is counted by its settlement's line
      // Resolved before the overview existed: on its target date, the close that decided it.
      const at = doc.get(RESOLVED_AT) as string | undefined;
      addOnDate(book, at ? new Date(at) : fixedClock(targetDate).now(), freeResolutionFigures([status]));
    });
  }
  await forEachDoc(buildQuery(db, QUERIES.allActiveUserMarkers, []).select(), (doc) => {
    addToBook(book, doc.id.slice(0, doc.id.lastIndexOf(':')), { activeUsers: 1 });
  });
  return { book, openingsNotKept };
}
