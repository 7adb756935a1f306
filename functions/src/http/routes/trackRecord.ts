import { AppError } from '../../domain/errors';
import type { AppDeps } from '../deps';
import { get, type ApiRoute } from '../routeTable';
import { publicTrackRecord } from '../../services/publicTrackRecord';

/**
 * The public track record page's data (issue 24): the same for everyone, changing once a day with maintenance, so
 * browsers keep it 5 minutes and Hosting's CDN an hour; the function reads Firestore a few times an hour at most.
 * The CDN keys its copy by the whole URL, so a query string (which the page never sends) is refused: it would
 * reach the function, and its reads, on every call of anyone who varies it.
 */
export const TRACK_RECORD_CACHE_CONTROL = 'public, max-age=300, s-maxage=3600';

export const trackRecordRoutes = (deps: AppDeps): ApiRoute[] => [
  get('/track-record', 'public', async (req, res) => {
    if (Object.keys(req.query).length > 0) throw new AppError('validation', 'The track record takes no query string');
    const body = await publicTrackRecord(deps.db, deps.clock.now());
    res.set('Cache-Control', TRACK_RECORD_CACHE_CONTROL).json(body);
  }),
];
