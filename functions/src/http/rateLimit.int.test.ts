import { tooManyRequestsMessage } from '@stockseer/contract';
import { describe, expect, it } from 'vitest';
import { APP_URL, apiCall, newTestUser } from '../../../tools/testing/api';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { rateLimitsFromEnv } from '../adapters/rateLimitsFromEnv';
import type { RateLimitedAction } from '../domain/rateLimit';

const { db } = adminSdk();
/** The stack's functions read the same environment (.env and the shell) as this test. */
const limits = rateLimitsFromEnv(process.env);

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { message?: string };
}

let unseen = Date.now() % 1_000_000;

/** One request of the kind that `action` limits, as the web app makes it: valid, or with an invalid input. */
/** The limits counted per user (the web app's error reports are counted per browser: clientErrors.int.test.ts). */
type UserAction = Exclude<RateLimitedAction, 'clientErrors.report' | 'clientErrors.edge' | 'clientErrors.all'>;

function requestFor(action: UserAction, token: string, input: 'valid' | 'invalid' = 'valid') {
  const valid = input === 'valid';
  // Made for each call: some requests differ every time.
  const requests = (): Record<UserAction, [string, RequestInit]> => ({
    'predictions.generate': [
      '/api/predictions/generate',
      {
        method: 'POST',
        body: JSON.stringify({ symbol: valid ? 'AAPL' : '../etc', modelId: 'arima', timeFrame: 'short' }),
      },
    ],
    'predictions.backtest': [
      `/api/predictions/historical?symbol=${valid ? 'AAPL' : '../etc'}&modelId=arima&timeFrame=short`,
      { method: 'GET' },
    ],
    'payments.createIntent': [
      '/api/payments/create-intent',
      { method: 'POST', body: JSON.stringify({ amount: valid ? 5 : 0 }) },
    ],
    'stocks.search': [`/api/stocks/search?q=${valid ? 'ap' : 'a'}`, { method: 'GET' }],
    // Stripe does not know it (404), but it was asked.
    'payments.addFunds': [
      '/api/wallet/add-stripe-funds',
      { method: 'POST', body: JSON.stringify({ paymentIntentId: valid ? 'pi_unknown' : 'in_not_an_intent' }) },
    ],
    // A symbol never seen is a provider call each time (an unknown one is not cached): 404 from the demo provider.
    'marketData.fetch': [
      `/api/stocks/${valid ? `ZQ${(unseen++).toString(36).toUpperCase()}` : 'NOT_A_SYM'}`,
      { method: 'GET' },
    ],
  });
  return async (): Promise<Answer> => {
    const [path, options] = requests()[action];
    const res = await fetch(`${APP_URL}${path}`, {
      ...options,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Answer['body'],
    };
  };
}

/** A signed-in user whose generates stop at 402 (no allowance, no money): counted, but no model is fitted. */
async function userWithoutAllowance(label: string) {
  const user = await newTestUser(label);
  expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
  await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
  return user;
}

/** `count` calls, a few at a time (as a user with several tabs might), keeping the order of the answers. */
async function callTimes(call: () => Promise<Answer>, count: number, concurrency: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i += concurrency) {
    answers.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, count - i) }, call))));
  }
  return answers;
}

describe('per-user rate limits of the expensive endpoints', () => {
  // Generates one at a time: simultaneous ones of one user queue on the wallet's transaction (seconds each).
  it.each([
    ['predictions.generate', 402, 1],
    ['payments.createIntent', 200, 4],
    ['stocks.search', 200, 4],
    ['payments.addFunds', 404, 4],
    ['marketData.fetch', 404, 4],
  ] as const)(
    '%s: the limit goes through, then 429 with Retry-After; a bad request is still 400; others are not affected',
    async (action, ok, concurrency) => {
      const { limit, windowMs } = limits[action];
      const user = await userWithoutAllowance(`limit-${action}`);
      const answers = await callTimes(requestFor(action, user.token), limit, concurrency);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => ok));

      // Usually the next one is refused. Across a window boundary the previous window's requests weigh less, so a
      // few more may pass first (never `limit` more).
      let refused: Answer | undefined;
      for (let extra = 0; extra < limit && !refused; extra += 1) {
        const answer = await requestFor(action, user.token)();
        if (answer.status === 429) refused = answer;
        else expect(answer.status).toBe(ok);
      }
      if (!refused) throw new Error(`${2 * limit} requests of ${action} in a row, none refused`);
      const seconds = Number(refused.retryAfter);
      expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= (2 * windowMs) / 1000).toBe(true);
      expect(refused.body).toEqual({
        message: tooManyRequestsMessage(seconds),
      });

      // The input is checked before the limit: a limited user still learns what is wrong with a bad request.
      expect((await requestFor(action, user.token, 'invalid')()).status).toBe(400);

      const other = await userWithoutAllowance(`limit-other-${action}`);
      expect((await requestFor(action, other.token)()).status).toBe(ok);
    },
  );

  it('counts new work only: a cached back-test is never refused', async () => {
    const user = await newTestUser('limit-backtest');
    const read = requestFor('predictions.backtest', user.token);
    expect((await read()).status).toBe(200); // computes today's back-test unless another test already did
    const answers = await callTimes(read, limits['predictions.backtest'].limit + 5, 5);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });

  it('answers a retry of a generate that went through with its prediction, even over the limit', async () => {
    const user = await newTestUser('limit-retry');
    const made = { symbol: 'AAPL', modelId: 'arima', timeFrame: 'short' };
    const generate = (key?: string, body = made) =>
      apiCall<{ prediction?: { id: string } }>('/api/predictions/generate', {
        token: user.token,
        body,
        headers: key ? { 'Idempotency-Key': key } : {},
      });
    const first = await generate('retry-me');
    expect(first.status).toBe(200);
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
    let limited = false;
    for (let i = 0; i <= 2 * limits['predictions.generate'].limit && !limited; i += 1) {
      // Another forecast: asking for the one already made would be answered with it, as new work is not.
      limited = (await generate(undefined, { ...made, timeFrame: 'long' })).status === 429;
    }
    expect(limited).toBe(true);
    const retry = await generate('retry-me');
    expect(retry.status).toBe(200);
    expect(retry.body.prediction?.id).toBe(first.body.prediction?.id);
  });
});
