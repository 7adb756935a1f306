import { describe, expect, it } from 'vitest';
import { TIME_FRAME_LABELS } from '@stockseer/contract';
import { csvField, historyCsv, toCsv } from './csv';
import { userPrediction } from './predictions.testkit';

describe('CSV', () => {
  it('leaves plain fields alone and writes null as an empty field', () => {
    expect(toCsv([['AAPL', 12.5, null, 'Free']])).toBe('AAPL,12.5,,Free');
  });

  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 (555) 0100')).toBe("'+1 (555) 0100");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(-3)).toBe('-3');
  });

  it('separates records with CRLF', () => {
    expect(toCsv([['a'], ['b']])).toBe('a\r\nb');
  });

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
