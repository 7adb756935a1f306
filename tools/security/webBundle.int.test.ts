import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFolder, secretNames, secretValues } from './secrets';
import { ROOT, SANDBOX_STRIPE_ENV } from '../stack/config';
import { WEB_DIST } from '../stack/firebaseConfig';

/**
 * The web build the stack serves (built by it before the tests) gives away no secret: no Stripe secret or webhook
 * key, no private key or service account, and none of the server's secret values on this machine, the local
 * sandbox's stand-ins included (issue 8, item 5).
 */
describe(`the web build (${WEB_DIST})`, () => {
  it('holds no secret', () => {
    const names = secretNames(readFileSync(path.join(ROOT, '.env.example'), 'utf8'));
    const values = secretValues(ROOT, names, SANDBOX_STRIPE_ENV);
    expect(values.size).toBeGreaterThanOrEqual(2);
    const dist = path.join(ROOT, WEB_DIST);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain('<div id="root">');
    expect(scanFolder(dist, values)).toEqual([]);
  });
});
