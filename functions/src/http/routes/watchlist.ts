import { WatchlistAlertChange, WatchlistChange } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { setAlert, star, unstar } from '../../services/watchlist/star';
import { watchlistFor } from '../../services/watchlist/list';

/** The caller's watchlist (docs/product.md#watchlist): the caller's own records, like `POST /me`. */
export function watchlistRoutes(deps: AppDeps): ApiRoute[] {
  return [
    get('/watchlist', 'signedIn', async (req, res) => {
      res.json(await watchlistFor(deps, callerOf(req)));
    }),

    post('/watchlist/star', 'liveSession', async (req, res) => {
      res.json(await star(deps, callerOf(req), parseInput(WatchlistChange, req.body).symbol));
    }),

    post('/watchlist/unstar', 'liveSession', async (req, res) => {
      res.json(await unstar(deps, callerOf(req), parseInput(WatchlistChange, req.body).symbol));
    }),

    // Answers the alert as set.
    post('/watchlist/alert', 'liveSession', async (req, res) => {
      const change = parseInput(WatchlistAlertChange, req.body);
      await setAlert(deps, callerOf(req), change);
      res.json(change);
    }),
  ];
}
