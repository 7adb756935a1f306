import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TransactionLine } from '@stockseer/contract';
import { PaymentHistory } from './PaymentHistory';
import { WALLET_TEXT } from './messages';

const line = (fields: Partial<TransactionLine> & Pick<TransactionLine, 'id' | 'type' | 'description'>) =>
  ({
    walletId: 'u1',
    amount: 100,
    ticker: 'AAPL',
    date: '2021-04-21T21:00:00.000Z',
    createdAt: '2021-04-21T21:00:00.000Z',
    prediction: { modelName: 'XGBoost', timeFrame: 'long' },
    ...fields,
  }) as TransactionLine;

const LINES: TransactionLine[] = [
  line({ id: 'settle:p2', type: 'refund', description: 'Refund for AAPL prediction (missed)' }),
  line({ id: 'settle:p1', type: 'payment', description: 'Fee for AAPL prediction (hit)' }),
  line({ id: 'reserve:p2', type: 'reservation', description: 'Reserved for AAPL prediction' }),
  line({ id: 'reserve:p0', type: 'free_prediction', amount: 0, description: 'Free prediction: AAPL' }),
  line({ id: 'reserve:p9', type: 'free_prediction', amount: 0, description: 'Free prediction: KO' }),
  line({
    id: 'deposit:pi_1',
    type: 'deposit',
    amount: 2000,
    ticker: null,
    prediction: null,
    description: 'Stripe payment: $20.00',
  }),
];

const rows = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('Payment History', () => {
  it('signs every amount, names the model and time frame of prediction lines, keeps the order given', () => {
    render(<PaymentHistory transactions={LINES} failed={false} />);
    expect(rows()).toEqual([
      expect.stringMatching(
        /^Refund for AAPL prediction \(missed\)Released · .* · XGBoost · Long \(90 days\)\+\$1\.00$/,
      ),
      expect.stringMatching(/^Fee for AAPL prediction \(hit\)Fee charged · .* · XGBoost · Long \(90 days\)−\$1\.00$/),
      expect.stringMatching(/^Reserved for AAPL predictionReserved · .* · XGBoost · Long \(90 days\)−\$1\.00$/),
      expect.stringMatching(/^Stripe payment: \$20\.00Deposit · Apr 2[01], 2021\+\$20\.00$/),
    ]);
  });

  it('folds the free-prediction lines away until asked for', () => {
    render(<PaymentHistory transactions={LINES} failed={false} />);
    expect(screen.queryByText('Free prediction: AAPL')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.showFree(2) }));
    expect(rows()).toHaveLength(6);
    expect(screen.getByText('Free prediction: KO').closest('li')?.textContent).toContain('−$0.00');
    fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.hideFree }));
    expect(rows()).toHaveLength(4);
  });

  it('says the history is empty only when there are no lines at all', () => {
    render(<PaymentHistory transactions={[]} failed={false} />);
    expect(screen.getByText(WALLET_TEXT.noHistory)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
