import { Router, type Request } from 'express';
import { GeneratePredictionRequest, IdempotencyKey, PredictionListQuery } from '@stockseer/contract';
import type { AppDeps } from '../deps';
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

export function predictionRoutes(deps: AppDeps): Router {
  const router = Router();

  // The limits count new work only: a cached back-test or a replayed Idempotency-Key is never refused.
  const admit = (req: Request, action: RateLimitedAction) => () => deps.rateLimiter.enforce(callerOf(req).uid, action);

  router.get('/predictions/historical', async (req, res) => {
    const query = parseInput(PredictionListQuery, req.query);
    res.json(await historicalPredictionsFor(deps, query, admit(req, 'predictions.backtest')));
  });

  router.get('/predictions/future', async (req, res) => {
    res.json(await futurePredictionsFor(deps, callerOf(req), parseInput(PredictionListQuery, req.query)));
  });

  router.get('/predictions/user', async (req, res) => {
    res.json(await userPredictions(deps, callerOf(req)));
  });

  // A preview fits the model when no one asked for this forecast today: limited like a back-test not yet computed.
  router.get('/predictions/preview', async (req, res) => {
    const query = parseInput(PredictionListQuery, req.query);
    res.json(await previewPrediction(deps, callerOf(req), query, admit(req, 'predictions.backtest')));
  });

  router.post('/predictions/generate', async (req, res) => {
    const request = parseInput(GeneratePredictionRequest, req.body);
    const key = parseInput(IdempotencyKey.optional(), req.get('idempotency-key'));
    res.json(await generatePrediction(deps, callerOf(req), request, key, admit(req, 'predictions.generate')));
  });

  return router;
}
