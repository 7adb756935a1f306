import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors';
import { loadModel } from '../../domain/models/registry';
import { sp500Closes, sp500DailyBars } from '../../domain/models/testing/sp500';
import { createModelPool } from './pool';

const closes = sp500Closes().slice(-1000);
const pool = createModelPool({ threads: 1, forecastTimeoutMs: 30_000 });
const impatientPool = createModelPool({ threads: 1, forecastTimeoutMs: 1 });

afterAll(async () => {
  await Promise.all([pool.close(), impatientPool.close()]);
});

describe('model pool', () => {
  it('forecasts on a worker thread, the same as in process', async () => {
    const input = { closes, horizon: 30 };
    const inProcess = (await loadModel('arima')).forecast(input);
    expect(await pool.forecast('arima', input)).toEqual(inProcess);
  });

  it('back-tests on a worker thread', async () => {
    const result = await pool.backtest('drift', sp500DailyBars().slice(-600), 7);
    expect(result.points).toHaveLength(20);
  });

  it('keeps the kind of a typed error across the thread boundary', async () => {
    const failure = pool.forecast('arima', { closes: closes.slice(0, 10), horizon: 7 });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ kind: 'validation' });
  });

  it('stops a fit past its time limit with a model_failed error', async () => {
    const failure = impatientPool.forecast('prophet', { closes, horizon: 30 });
    await expect(failure).rejects.toMatchObject({
      kind: 'model_failed',
      message: expect.stringMatching(/longer than 1 ms/),
    });
  });
});
