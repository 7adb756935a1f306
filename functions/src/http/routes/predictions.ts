import type { Request } from 'express';
import { GeneratePredictionRequest, IdempotencyKey, PredictionListQuery } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import type { RateLimitedAction } from '../../domain/rateLimit';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import {
  futurePredictionsFor,
  generatePrediction,
  historicalPredictionsFor,
  userPredictions,
} from '../../services/predictions';
import { previewPrediction } from '../../services/predictionPreview';

export function predictionRoutes(deps: AppDeps): ApiRoute[] {
  // The limits count new work only: a cached back-test or a replayed Idempotency-Key is never refused.
  const admit = (req: Request, action: RateLimitedAction) => () => deps.rateLimiter.enforce(callerOf(req).uid, action);

  return [
    get('/predictions/historical', 'signedIn', async (req, res) => {
      const query = parseInput(PredictionListQuery, req.query);
      res.json(await historicalPredictionsFor(deps, query, admit(req, 'predictions.backtest')));
    }),

    get('/predictions/future', 'signedIn', async (req, res) => {
      res.json(await futurePredictionsFor(deps, callerOf(req), parseInput(PredictionListQuery, req.query)));
    }),

    get('/predictions/user', 'signedIn', async (req, res) => {
      res.json(await userPredictions(deps, callerOf(req)));
    }),

    // A preview fits the model when no one asked for this forecast today: limited like a back-test not yet computed.
    get('/predictions/preview', 'signedIn', async (req, res) => {
      const query = parseInput(PredictionListQuery, req.query);
      res.json(await previewPrediction(deps, callerOf(req), query, admit(req, 'predictions.backtest')));
    }),

    // Reserves $1 once the free predictions are used: a live session, like every route that moves money.
    post('/predictions/generate', 'liveSession', async (req, res) => {
      const request = parseInput(GeneratePredictionRequest, req.body);
      const key = parseInput(IdempotencyKey.optional(), req.get('idempotency-key'));
      res.json(await generatePrediction(deps, callerOf(req), request, key, admit(req, 'predictions.generate')));
    }),
  ];
}
