import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TIME_FRAME_LABELS, TRANSACTION_HISTORY_LIMIT, type TransactionLine } from '@stockseer/contract';
import { PaymentHistory } from './PaymentHistory';
import { PREDICTION_LINE_TEXT, STATEMENT_TEXT, TRANSACTION_LABELS, WALLET_TEXT } from './messages';
import { aLine, aTopUpRefundLine } from './wallet.testkit';

const XGBOOST_LONG = { modelName: 'XGBoost', timeFrame: 'long' } as const;
const about = `XGBoost · ${TIME_FRAME_LABELS.long}`;
const reserved = (id: string, available: number, reservedAfter: number, charged: number) =>
  aLine({
    id: `reserve:${id}`,
    type: 'reservation',
    ticker: 'AAPL',
    prediction: XGBOOST_LONG,
    description: 'Reserved for AAPL prediction',
    effect: { available: -100, reserved: 100 },
    after: { available, reserved: reservedAfter, charged },
  });

/** A paid prediction's settlement as the original ledger described it: a hit's fee, a miss's release. */
const settled = (id: string, outcome: 'hit' | 'missed', available: number, reservedAfter: number, charged: number) =>
  aLine({
    id: `settle:${id}`,
    type: outcome === 'hit' ? 'payment' : 'refund',
    ticker: 'AAPL',
    prediction: XGBOOST_LONG,
    description: outcome === 'hit' ? 'Fee for AAPL prediction (hit)' : 'Refund for AAPL prediction (missed)',
    effect: outcome === 'hit' ? { reserved: -100, charged: 100 } : { available: 100, reserved: -100 },
    after: { available, reserved: reservedAfter, charged },
  });

/**
 * Issue 23's wallet, newest first as the server sends it: $10 in, a free prediction, 4 paid ones, 2 hits and 2
 * misses. The wallet then shows Available $8, Reserved $0, Charged $2.
 */
const LINES: TransactionLine[] = [
  settled('p4', 'missed', 800, 0, 200),
  settled('p3', 'hit', 700, 100, 200),
  settled('p2', 'missed', 700, 200, 100),
  settled('p1', 'hit', 600, 300, 100),
  reserved('p4', 600, 400, 0),
  reserved('p3', 700, 300, 0),
  reserved('p2', 800, 200, 0),
  reserved('p1', 900, 100, 0),
  aLine({
    id: 'reserve:p0',
    type: 'free_prediction',
    amount: 0,
    ticker: 'KO',
    prediction: XGBOOST_LONG,
    description: 'Free prediction: KO',
    after: { available: 1000 },
  }),
  aLine({
    id: 'deposit:pi_1',
    type: 'deposit',
    amount: 1000,
    description: 'Stripe payment: $10.00',
    effect: { available: 1000 },
    after: { available: 1000 },
  }),
];

/** Each shown line's cells: date, transaction, Available, Reserved, Charged, Balance. */
const rows = () =>
  [...document.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('Payment History, a statement', () => {
  it("heads the columns with the wallet's three figures and the Balance, and says how to read them", () => {
    render(<PaymentHistory transactions={LINES} failed={false} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      STATEMENT_TEXT.date,
      STATEMENT_TEXT.transaction,
      WALLET_TEXT.available,
      WALLET_TEXT.reserved,
      WALLET_TEXT.charged,
      STATEMENT_TEXT.balance,
    ]);
    expect(screen.getByText(STATEMENT_TEXT.legend)).toBeTruthy();
  });

  it('shows each line once, what it moved where, and the Available balance after it, which ends at Available', () => {
    render(<PaymentHistory transactions={LINES} failed={false} />);
    const date = expect.stringMatching(/^Nov 2[01], 2026$/);
    const fee = [date, `${PREDICTION_LINE_TEXT.payment('AAPL')}${about}`, '', '−$1.00', '+$1.00'];
    const release = [date, `${PREDICTION_LINE_TEXT.refund('AAPL')}${about}`, '+$1.00', '−$1.00', ''];
    const reservation = [date, `${PREDICTION_LINE_TEXT.reservation('AAPL')}${about}`, '−$1.00', '+$1.00', ''];
    expect(rows()).toEqual([
      [...release, '$8.00'],
      // The fee leaves Reserved for Charged: Available is not touched a second time.
      [...fee, '$7.00'],
      [...release, '$7.00'],
      [...fee, '$6.00'],
      [...reservation, '$6.00'],
      [...reservation, '$7.00'],
      [...reservation, '$8.00'],
      [...reservation, '$9.00'],
      [date, `Stripe payment: $10.00${TRANSACTION_LABELS.deposit}`, '+$10.00', '', '', '$10.00'],
    ]);
    expect(PREDICTION_LINE_TEXT.payment('AAPL')).toBe('AAPL prediction hit: Fee $1 charged');
    expect(PREDICTION_LINE_TEXT.refund('AAPL')).toBe('AAPL prediction missed: No Fee, $1 released');
    expect(PREDICTION_LINE_TEXT.reservation('AAPL')).toBe('AAPL prediction: Reserved $1');
    // No stored wording of the original ledger ("Refund for ... (missed)") beside the statement's own.
    expect(document.body.textContent).not.toMatch(/Refund for|Fee for/);
  });

  it('shows a free prediction as Free, never as an amount, folded away until asked for', () => {
    render(<PaymentHistory transactions={LINES} failed={false} />);
    expect(screen.queryByText(PREDICTION_LINE_TEXT.free_prediction('KO'))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.showFree(1) }));
    expect(rows()).toHaveLength(10);
    const free = screen.getByText(PREDICTION_LINE_TEXT.free_prediction('KO')).closest('tr')!;
    const cells = [...free.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([`KO prediction: Free${about}`, STATEMENT_TEXT.free, '', '', '$10.00']);
    expect(STATEMENT_TEXT.free).toBe('Free');
    expect(free.textContent).not.toContain('$0.00');
    fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.hideFree }));
    expect(rows()).toHaveLength(9);
  });

  it('takes a refund of a top-up out of Available, showing the balance below zero', () => {
    const lines = [
      aTopUpRefundLine({ available: -100, reserved: 100 }),
      reserved('p1', 400, 100, 0),
      aLine({
        id: 'deposit:pi_1',
        type: 'deposit',
        amount: 500,
        description: 'Stripe payment: $5.00',
        effect: { available: 500 },
        after: { available: 500 },
      }),
    ];
    render(<PaymentHistory transactions={lines} failed={false} />);
    expect(rows().map((cells) => cells.slice(2))).toEqual([
      ['−$5.00', '', '', '-$1.00'],
      ['−$1.00', '+$1.00', '', '$4.00'],
      ['+$5.00', '', '', '$5.00'],
    ]);
    expect(rows()[0]![1]).toBe(`Refund of Stripe payment: $5.00${TRANSACTION_LABELS.top_up_refund}`);
    expect(screen.getByText('-$1.00').classList.contains('statement-owing')).toBe(true);
  });

  it('shows a courtesy credit as money into Available, under its own kind', () => {
    const lines = [
      aLine({
        id: 'credit:c1',
        type: 'credit',
        amount: 250,
        description: 'Courtesy credit from StockSeer: $2.50',
        effect: { available: 250 },
        after: { available: 250 },
      }),
    ];
    render(<PaymentHistory transactions={lines} failed={false} />);
    expect(rows()[0]!.slice(1)).toEqual([
      `Courtesy credit from StockSeer: $2.50${TRANSACTION_LABELS.credit}`,
      '+$2.50',
      '',
      '',
      '$2.50',
    ]);
    expect(TRANSACTION_LABELS.credit).toBe('Courtesy credit');
  });

  it('says what the wallet held before the oldest line shown when older ones are left out', () => {
    // $1 deposits, newest first; before the oldest shown, the wallet held $2 available, $1 reserved, $3 charged.
    const lines = Array.from({ length: TRANSACTION_HISTORY_LIMIT }, (_, i) =>
      aLine({
        id: `deposit:pi_${i}`,
        type: 'deposit',
        description: 'Stripe payment: $1.00',
        effect: { available: 100 },
        after: { available: 200 + 100 * (TRANSACTION_HISTORY_LIMIT - i), reserved: 100, charged: 300 },
      }),
    );
    render(<PaymentHistory transactions={lines} failed={false} />);
    expect(rows()[0]!.at(-1)).toBe('$202.00');
    const note = screen.getByText(WALLET_TEXT.historyTruncated(TRANSACTION_HISTORY_LIMIT), { exact: false });
    expect(note.textContent).toContain(STATEMENT_TEXT.broughtForward('$2.00', '$1.00', '$3.00'));
  });

  it('says the history is empty only when there are no lines at all', () => {
    render(<PaymentHistory transactions={[]} failed={false} />);
    expect(screen.getByText(WALLET_TEXT.noHistory)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
