/**
 * The admin's customer view (docs/product.md#customer-view): one user's profile, wallet figures, payments with what
 * Stripe took back, and sessions; the statement, a page at a time. Reads only; an unknown uid is a 404.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { CustomerPageQuery, CustomerStatementPage, CustomerView } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { validationError } from '../../domain/errors';
import { customerPayments } from '../../domain/ledger/payments';
import { heldForRefunds } from '../../domain/ledger';
import { statementNewestFirst, walletFigures } from '../../domain/ledger/lines';
import { accountOf, sessionsOf } from '../../adapters/auth/accounts';
import { readLedger } from '../../adapters/firestore/ledgerRepository';
import { userProfileOf } from '../../adapters/firestore/users';
import { walletHistory, withPredictions } from '../../adapters/firestore/walletHistory';

interface SupportReads {
  db: Firestore;
  auth: Auth;
  clock: Clock;
}

export async function customerView({ db, auth }: SupportReads, userId: string): Promise<CustomerView> {
  const account = await accountOf(auth, userId);
  const [profile, ledger] = await Promise.all([userProfileOf(db, userId), readLedger(db, userId)]);
  const wallet = ledger?.wallet;
  const created = account.metadata.creationTime ? new Date(account.metadata.creationTime).toISOString() : null;
  return {
    profile: {
      id: userId,
      displayName: profile?.displayName ?? account.displayName ?? null,
      email: profile?.email ?? account.email ?? null,
      isAdmin: account.customClaims?.admin === true,
      createdAt: profile?.createdAt ?? created,
    },
    figures: wallet
      ? {
          ...walletFigures(wallet),
          owed: Math.max(0, -wallet.balance),
          heldForRefunds: heldForRefunds(wallet),
          freePredictions: wallet.freePredictions,
        }
      : null,
    sessions: sessionsOf(account),
    payments: customerPayments(ledger?.transactions ?? []),
  };
}

/** The most lines the customer view's statement reads at once: years of an active customer. */
const STATEMENT_READ_LIMIT = 5000;

/** A page of the customer's statement, newest first, each line with the wallet's figures after it. */
export async function customerStatement(
  { db, auth, clock }: SupportReads,
  userId: string,
  { limit, cursor }: CustomerPageQuery,
): Promise<CustomerStatementPage> {
  await accountOf(auth, userId);
  const statement = statementNewestFirst(await walletHistory(db, userId, clock.now(), STATEMENT_READ_LIMIT));
  const start = cursor === undefined ? 0 : statement.findIndex((line) => line.id === cursor) + 1;
  if (cursor !== undefined && start === 0) throw validationError('cursor must be an id from the previous page');
  const page = statement.slice(start, start + limit);
  return {
    lines: await withPredictions(db, page),
    nextCursor: start + limit < statement.length ? page.at(-1)!.id : null,
  };
}
