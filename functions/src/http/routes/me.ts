import { Router } from 'express';
import type { AppDeps } from '../deps';
import { callerOf } from '../auth';
import { signIn } from '../../services/signIn';

/** `POST /api/me`: called by the web app right after sign-in; creates the user and wallet on first use. */
export function meRoutes({ db, clock }: AppDeps): Router {
  const router = Router();
  router.post('/me', async (req, res) => {
    res.json(await signIn(db, callerOf(req), clock));
  });
  return router;
}
