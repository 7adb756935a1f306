import {
  AddStripeFundsRequest,
  type AddStripeFundsResponse,
  type TransactionLine,
  type Wallet,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { currentWallet } from '../../services/account';
import { paymentHistory } from '../../services/wallet/paymentHistory';
import { addStripeFunds } from '../../services/wallet/addStripeFunds';

/** The caller's wallet, its history, and the fast path of a top-up (the webhook is the other). */
export function walletRoutes(deps: AppDeps): ApiRoute[] {
  const { db, clock, rateLimiter } = deps;
  return [
    // Opens a missing wallet and renews the free allowance: a GET that writes, so it checks the session as it is now.
    get('/wallet', 'liveSession', async (req, res) => {
      res.json((await currentWallet(db, callerOf(req), clock)) satisfies Wallet);
    }),

    get('/wallet/transactions', 'signedIn', async (req, res) => {
      res.json((await paymentHistory(db, callerOf(req).uid, clock)) satisfies TransactionLine[]);
    }),

    post('/wallet/add-stripe-funds', 'liveSession', async (req, res) => {
      const { uid } = callerOf(req);
      const { paymentIntentId } = parseInput(AddStripeFundsRequest, req.body);
      await rateLimiter.enforce(uid, 'payments.addFunds');
      res.json((await addStripeFunds(deps, uid, paymentIntentId)) satisfies AddStripeFundsResponse);
    }),
  ];
}
