import { describe, expect, it } from 'vitest';
import { runSummaryMessage, runSummaryText, type RunNotification } from './summary';

const hit = (amountCents: number): RunNotification => ({ kind: 'prediction.hit', amountCents });
const miss = (amountCents: number): RunNotification => ({ kind: 'prediction.miss', amountCents });
const renewed: RunNotification = { kind: 'allowance.renewed', amountCents: null };

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

  it('adds the renewed allowance, and says nothing of what it does not know', () => {
    expect(runSummaryText([renewed, miss(100)])).toBe(
      '1 forecast resolved: 1 miss, $1.00 released. Your 5 free predictions are renewed',
    );
    expect(runSummaryText([renewed])).toBe('Your 5 free predictions are renewed');
    expect(runSummaryText([{ kind: 'topUp.refunded', amountCents: 500 }])).toBeNull();
    expect(runSummaryText([])).toBeNull();
  });

  it('opens History for outcomes, the Wallet for a renewal alone, tagged with its run', () => {
    expect(runSummaryMessage('run-1', [hit(100)])).toEqual({
      title: 'StockSeer',
      body: '1 forecast resolved: 1 hit, $1.00 charged',
      url: '/history',
      tag: 'run-run-1',
    });
    expect(runSummaryMessage('r', [renewed])).toMatchObject({ url: '/wallet' });
    expect(runSummaryMessage('r', [])).toBeNull();
  });
});
