import { describe, expect, it } from 'vitest';
import type { Notification } from '@stockseer/contract';
import { runSummaryMessage, runSummaryText } from './summary';

const base = { createdAt: '2026-11-20T22:00:00.000Z', read: false, runId: 'run-1' };
let next = 0;
function resolved(kind: 'prediction.hit' | 'prediction.missed', amountCents: number): Notification {
  const predictionId = `p${next++}`;
  return {
    ...base,
    id: `resolved:${predictionId}`,
    kind,
    amountCents,
    predictionId,
    symbol: 'KO',
    timeFrame: 'short',
    isFree: amountCents === 0,
    transactionId: amountCents === 0 ? null : `settle:${predictionId}`,
  };
}
const hit = (cents: number) => resolved('prediction.hit', cents);
const miss = (cents: number) => resolved('prediction.missed', cents);
const renewed: Notification = {
  ...base,
  id: 'renewed:2026-12-20',
  kind: 'allowance.renewed',
  amountCents: 0,
  freePredictions: 5,
  resetDate: '2026-12-20',
};
const alert = (symbol: string, hitProbability: number): Notification => ({
  ...base,
  id: `watch:${symbol}:2026-11-20`,
  kind: 'watchlist.alert',
  amountCents: 0,
  symbol,
  predictionDate: '2026-11-20',
  hitProbability,
  atLeastPercent: 60,
});

describe("a run's push summary", () => {
  it("sums the run's outcomes and their money in one sentence, as the issue writes it", () => {
    expect(runSummaryText([hit(100), miss(100), hit(100)])).toBe(
      '3 forecasts resolved: 2 hits, $2.00 charged; 1 miss, $1.00 released',
    );
    expect(runSummaryText([miss(100)])).toBe('1 forecast resolved: 1 miss, $1.00 released');
    expect(runSummaryText([hit(100)])).toBe('1 forecast resolved: 1 hit, $1.00 charged');
  });

  it('says a free forecast moved no money, and counts a paid one among free ones', () => {
    expect(runSummaryText([hit(0), miss(0)])).toBe('2 forecasts resolved: 1 hit (free); 1 miss (free)');
    expect(runSummaryText([hit(0), hit(100), miss(0)])).toBe(
      '3 forecasts resolved: 2 hits, $1.00 charged; 1 miss (free)',
    );
  });

  it('adds the renewed allowance and the watchlist alerts reached, and says nothing of a run with none', () => {
    expect(runSummaryText([renewed, miss(100)])).toBe(
      '1 forecast resolved: 1 miss, $1.00 released. Your 5 free predictions are renewed',
    );
    expect(runSummaryText([renewed])).toBe('Your 5 free predictions are renewed');
    expect(runSummaryText([alert('AAPL', 0.62)])).toBe('Watchlist alert: 7-day chance AAPL 62%');
    expect(runSummaryText([alert('AAPL', 0.62), alert('MSFT', 0.705)])).toBe(
      'Watchlist alerts: 7-day chance AAPL 62%, MSFT 71%',
    );
    expect(runSummaryText([])).toBeNull();
  });

  it('opens the one forecast resolved, History for several, the Wallet for a renewal, tagged with its run', () => {
    const one = hit(100);
    expect(runSummaryMessage('run-1', [one, renewed])).toEqual({
      title: 'StockSeer',
      body: '1 forecast resolved: 1 hit, $1.00 charged. Your 5 free predictions are renewed',
      url: `/history?prediction=${one.kind === 'prediction.hit' ? one.predictionId : ''}`,
      tag: 'run-run-1',
    });
    expect(runSummaryMessage('r', [hit(0), miss(0)])).toMatchObject({ url: '/history' });
    expect(runSummaryMessage('r', [renewed])).toMatchObject({ url: '/wallet' });
    expect(runSummaryMessage('r', [alert('KO', 0.7)])).toMatchObject({ url: '/' });
    expect(runSummaryMessage('r', [])).toBeNull();
  });
});
