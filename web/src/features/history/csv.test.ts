import { describe, expect, it } from 'vitest';
import { TIME_FRAME_LABELS } from '@stockseer/contract';
import { historyCsv } from './csv';
import { userPrediction } from './predictions.testkit';

describe('the History CSV', () => {
  it('writes a header and one row per prediction, prices with 2 decimals, ISO dates and the cost label', () => {
    const csv = historyCsv([
      userPrediction({ modelName: 'Prophet, tuned', status: 'hit', isFree: false, actualPrice: 104.2 }),
      userPrediction({ symbol: 'MSFT', timeFrame: 'long', modelChoice: 'recommended' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Symbol,Model,Timeframe,Prediction Date,Price at Prediction,Target Date,Target Price,Hit Low,Hit High,Status,Actual Price,Cost',
      `AAPL,"Prophet, tuned",${TIME_FRAME_LABELS.short},2026-11-12,100.00,2026-11-23,103.00,101.00,105.00,Hit,104.20,Fee $1`,
      `MSFT,Recommended (ARIMA),${TIME_FRAME_LABELS.long},2026-11-12,100.00,2026-11-23,103.00,101.00,105.00,Active,,Free`,
    ]);
  });
});
