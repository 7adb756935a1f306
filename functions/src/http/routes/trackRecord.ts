import type { AppDeps } from '../deps';
import { get, type ApiRoute } from '../routeTable';
import { publicTrackRecord } from '../../services/publicTrackRecord';

/**
 * The public track record page's data (issue 24): the same for everyone, changing once a day with maintenance, so
 * browsers keep it 5 minutes and Hosting's CDN an hour; the function reads Firestore a few times an hour at most.
 */
export const TRACK_RECORD_CACHE_CONTROL = 'public, max-age=300, s-maxage=3600';

export const trackRecordRoutes = (deps: AppDeps): ApiRoute[] => [
  get('/track-record', 'public', async (_req, res) => {
    const body = await publicTrackRecord(deps.db, deps.clock.now());
    res.set('Cache-Control', TRACK_RECORD_CACHE_CONTROL).json(body);
  }),
];
