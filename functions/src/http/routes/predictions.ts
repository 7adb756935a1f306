import { GeneratePredictionRequest, IdempotencyKey, PredictionListQuery } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { generatePrediction } from '../../services/predictions/generate';
import { historicalPredictionsFor } from '../../services/predictions/historical';
import { futurePredictionsFor, userPredictions } from '../../services/predictions/lists';
import { liveStatusesFor } from '../../services/predictions/liveStatus';
import { previewPrediction } from '../../services/predictions/preview';

export function predictionRoutes(deps: AppDeps): ApiRoute[] {
  return [
    get('/predictions/historical', 'signedIn', async (req, res) => {
      res.json(await historicalPredictionsFor(deps, callerOf(req), parseInput(PredictionListQuery, req.query)));
    }),

    get('/predictions/future', 'signedIn', async (req, res) => {
      res.json(await futurePredictionsFor(deps, callerOf(req), parseInput(PredictionListQuery, req.query)));
    }),

    get('/predictions/user', 'signedIn', async (req, res) => {
      res.json(await userPredictions(deps, callerOf(req)));
    }),

    // Every open prediction's status in one answer, from cached closes: one request for all the cards.
    get('/predictions/live-status', 'signedIn', async (req, res) => {
      res.json(await liveStatusesFor(deps, callerOf(req)));
    }),

    get('/predictions/preview', 'signedIn', async (req, res) => {
      res.json(await previewPrediction(deps, callerOf(req), parseInput(PredictionListQuery, req.query)));
    }),

    // Reserves $1 once the free predictions are used: a live session, like every route that moves money.
    post('/predictions/generate', 'liveSession', async (req, res) => {
      const request = parseInput(GeneratePredictionRequest, req.body);
      const key = parseInput(IdempotencyKey.optional(), req.get('idempotency-key'));
      res.json(await generatePrediction(deps, callerOf(req), request, key));
    }),
  ];
}
