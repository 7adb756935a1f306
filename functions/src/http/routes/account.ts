import {
  CloseAccountRequest,
  type CloseAccountResponse,
  type AccountExport,
  type ClosurePreview,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { closurePreview } from '../../services/accountClosure/preview';
import { closeAccount } from '../../services/accountClosure/close';
import { exportAccount } from '../../services/accountExport';

/** The caller's own account (docs/product.md#closing-an-account): download its data, see what closing does, close. */
export function accountRoutes(deps: AppDeps): ApiRoute[] {
  const { db, clock } = deps;
  return [
    get('/account/export', 'liveSession', async (req, res) => {
      res.json((await exportAccount(db, callerOf(req).uid, clock)) satisfies AccountExport);
    }),

    get('/account/closure', 'signedIn', async (req, res) => {
      res.json((await closurePreview(db, callerOf(req).uid)) satisfies ClosurePreview);
    }),

    // Moves money (refunds) and ends the account: the session must be live now, not only unexpired.
    post('/account/close', 'liveSession', async (req, res) => {
      parseInput(CloseAccountRequest, req.body);
      res.json((await closeAccount(deps, callerOf(req).uid)) satisfies CloseAccountResponse);
    }),
  ];
}
