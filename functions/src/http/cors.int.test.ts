import { describe, expect, it } from 'vitest';
import { APP_URL, FUNCTION_URL } from '../../../tools/testing/api';
import { PORTS } from '../../../tools/stack/config';

/**
 * CORS (issue 23): the API answers cross-origin calls from the app's own origins only (STOCKSEER_ALLOWED_ORIGINS; the
 * local stack allows its app and Vite URLs), through Hosting and on the function's own URL. Any other origin gets no
 * Access-Control-Allow-Origin, so a page elsewhere cannot read an answer, and no preflight lets it send one.
 */
const BASES = {
  hosting: APP_URL,
  function: FUNCTION_URL,
};
const APP_ORIGINS = [APP_URL, `http://127.0.0.1:${PORTS.vite}`];
const OTHER_ORIGINS = ['https://evil.example', 'null', `${APP_URL}.evil.example`, 'http://localhost:5000'];

const allowedOriginOf = async (base: string, origin: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}/api/health`, { ...init, headers: { Origin: origin, ...init.headers } });
  await res.arrayBuffer();
  return res.headers.get('access-control-allow-origin');
};

const preflight = {
  method: 'OPTIONS',
  headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
};

describe.each(Object.keys(BASES) as (keyof typeof BASES)[])('CORS via %s', (name) => {
  const base = BASES[name];

  it("allows the app's own origins", async () => {
    for (const origin of APP_ORIGINS) {
      expect(await allowedOriginOf(base, origin), origin).toBe(origin);
      expect(await allowedOriginOf(base, origin, preflight), origin).toBe(origin);
    }
  });

  it('echoes no other origin, on a request or a preflight', async () => {
    for (const origin of OTHER_ORIGINS) {
      expect(await allowedOriginOf(base, origin), origin).toBeNull();
      expect(await allowedOriginOf(base, origin, preflight), origin).toBeNull();
    }
  });
});
