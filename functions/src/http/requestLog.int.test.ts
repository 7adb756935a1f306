import { describe, expect, it } from 'vitest';
import { APP_URL, newTestUser } from '../../../tools/testing/api';
import { emulatorLogLine, emulatorLogLines } from '../../../tools/testing/stackLog';
import { uidHash } from '../adapters/logging/log';

/** The stack's log lines that name `requestId`, once the request's line is there (it is written as the answer ends). */
async function linesOf(requestId: string): Promise<string[]> {
  await emulatorLogLine((line) => line.includes(requestId) && line.includes('"request"'));
  return emulatorLogLines().filter((line) => line.includes(requestId));
}

describe('request logs through the stack (issue 27)', () => {
  it('answer each request with its id, and log one line for it with the route, status and a hashed caller', async () => {
    // A stock no other test asks (see routeGuards.int.test.ts): its quote is read at the real date.
    const user = await newTestUser('request-log');
    const res = await fetch(`${APP_URL}/api/stocks/CVX`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await linesOf(requestId);
    const requestLine = lines.find((line) => line.includes('"request"'));
    expect(requestLine, lines.join('\n')).toBeDefined();
    for (const field of ['"route":"/api/stocks/:symbol"', '"status":200', '"caller":"investor"', uidHash(user.uid)]) {
      expect(requestLine).toContain(field);
    }
    expect(lines.join('\n')).not.toContain(user.uid);
    expect(lines.join('\n')).not.toContain(user.token);
  });

  it('log a refused request too, with its status', async () => {
    const res = await fetch(`${APP_URL}/api/wallet`, { headers: { Authorization: 'Bearer nonsense' } });
    expect(res.status).toBe(401);
    const requestLine = (await linesOf(res.headers.get('x-request-id')!)).find((l) => l.includes('"request"'));
    expect(requestLine).toContain('"status":401');
    expect(requestLine).toContain('"route":"/api/wallet"');
    expect(requestLine).toContain('"caller":"anonymous"');
    const lost = await fetch(`${APP_URL}/api/Wallet`);
    expect((await linesOf(lost.headers.get('x-request-id')!)).find((l) => l.includes('"request"'))).toContain(
      '"route":"no route"',
    );
  });
});
