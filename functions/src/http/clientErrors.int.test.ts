import { tooManyRequestsMessage } from '@stockseer/contract';
import { describe, expect, it } from 'vitest';
import { APP_URL } from '../../../tools/testing/api';
import { emulatorLogLine } from '../../../tools/testing/stackLog';
import { rateLimitsFromEnv } from '../adapters/rateLimitsFromEnv';

/** The web app's error reports (issue 27): logged as ERROR with their stack, limited per browser address. */
const report = (message: string) =>
  fetch(`${APP_URL}/api/client-errors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      kind: 'render',
      message,
      stack: `Error: ${message}\n    at Broken (http://127.0.0.1/assets/index.js:1:2)`,
      path: '/wallet',
      release: 'test',
    }),
  });

describe('client error reports', () => {
  it('are logged once as an ERROR with their stack, then refused with 429 past the limit', async () => {
    const message = `render failed ${Date.now()}`;
    const res = await report(message);
    expect(res.status).toBe(204);
    const line = await emulatorLogLine((l) => l.includes(message) && l.includes('"severity":"ERROR"'));
    expect(line).toBeDefined();
    expect(line).toContain('"source":"web"');
    expect(line).toContain('at Broken');
    expect(line).toContain('web app render error on /wallet');

    const { limit } = rateLimitsFromEnv(process.env)['clientErrors.report'];
    let refused: Response | undefined;
    for (let i = 0; i <= 2 * limit && !refused; i++) {
      const next = await report(`flood ${i}`);
      if (next.status === 429) refused = next;
      else expect(next.status).toBe(204);
    }
    expect(refused, `${2 * limit} reports in a row, none refused`).toBeDefined();
    const seconds = Number(refused!.headers.get('retry-after'));
    expect(await refused!.json()).toEqual({ message: tooManyRequestsMessage(seconds) });
  });
});
