import type { AppDeps } from '../deps';
import { post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { openAccount } from '../../services/account';

/** `POST /api/me`: called by the web app right after sign-in; creates the user and wallet on first use. */
export function meRoutes({ db, clock }: AppDeps): ApiRoute[] {
  return [
    post('/me', 'liveSession', async (req, res) => {
      res.json(await openAccount(db, callerOf(req), clock));
    }),
  ];
}
