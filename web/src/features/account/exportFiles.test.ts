import { describe, expect, it } from 'vitest';
import { AccountExport } from '@stockseer/contract';
import { anExport } from './account.testkit';
import { accountCsv, accountJson, exportFileName } from './exportFiles';

describe('"Download my data" files', () => {
  it('names the files by the day they were made', () => {
    expect(exportFileName(anExport.exportedAt, 'json')).toBe('stockseer-my-data-2026-11-26.json');
    expect(exportFileName(anExport.exportedAt, 'csv')).toBe('stockseer-my-data-2026-11-26.csv');
  });

  it('writes the JSON as the API sent it, readable again', () => {
    expect(AccountExport.parse(JSON.parse(accountJson(anExport)))).toEqual(anExport);
  });

  it('writes one CSV with four named tables: profile, predictions, statement and payments, money in dollars', () => {
    expect(accountCsv(anExport).split('\r\n')).toEqual([
      'Profile',
      'Name,E-mail,Member since,Available,Reserved,Charged,Free predictions left',
      'Ada Lovelace,ada@example.test,2026-11-02T10:00:00.000Z,19.00,1.00,0.00,0',
      '',
      'Predictions',
      'Id,Symbol,Model,Timeframe,Prediction date,Target date,Target price,Status,Cost',
      'p1,KO,ARIMA,short,2026-11-20,2026-12-01,61.50,active,Reserved $1',
      '',
      'Statement',
      'Date,Type,Description,Amount,Available,Reserved,Charged,Balance',
      '2026-11-20T15:00:00.000Z,reservation,Reserved for KO prediction,1.00,-1.00,1.00,0.00,19.00',
      '2026-11-02T15:00:00.000Z,deposit,Stripe payment: $20.00,20.00,20.00,0.00,0.00,20.00',
      '',
      'Payments',
      'Payment,Date,Amount,Refunded,Disputed,Refundable',
      'pi_a,2026-11-02T15:00:00.000Z,20.00,0.00,0.00,20.00',
      '',
    ]);
  });
});
