import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { listRoutes } from './expressRoutes';

describe('listRoutes', () => {
  it('finds the routes of nested and mounted routers with their full paths, skipping middleware', () => {
    const app = express();
    const inner = Router();
    inner.use(['/admin', '/x'], (_req, _res, next) => next());
    inner.get('/items/:id', (_req, res) => res.end());
    inner
      .route('/items')
      .get((_req, res) => res.end())
      .post((_req, res) => res.end());
    const api = Router();
    api.get('/health', (_req, res) => res.end());
    api.use(inner);
    app.use(express.json());
    app.use('/api', api);
    app.use(
      '/api',
      Router().post('/hook', (_req, res) => res.end()),
    );
    expect(listRoutes(app)).toEqual([
      'GET /api/health',
      'GET /api/items',
      'GET /api/items/:id',
      'POST /api/hook',
      'POST /api/items',
    ]);
  });
});
