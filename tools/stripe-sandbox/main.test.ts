import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('the stripe-sandbox CLI', () => {
  it('logs one line when listening, serves the API, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      env: { ...process.env, STRIPE_SANDBOX_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    onTestFinished(() => void child.kill());
    const [firstLine] = (await once(child.stdout, 'data')) as [Buffer];
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(firstLine.toString())?.[1];
    expect(url).toBeDefined();

    expect((await fetch(`${url}/v1/payment_intents/pi_any`)).status).toBe(401);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
