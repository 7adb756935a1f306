import { get, type ApiRoute } from '../routeTable';

/** Public: the stack script and uptime checks ask whether the API is up. */
export const healthRoutes = (): ApiRoute[] => [
  get('/health', 'public', (_req, res) => {
    res.json({ status: 'ok' });
  }),
];
