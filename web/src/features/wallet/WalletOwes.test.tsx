import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { walletOwesMessage } from '@stockseer/contract';
import { WalletTab } from './WalletTab';
import { TRANSACTION_LABELS, WALLET_TEXT } from './messages';
import { anAccount, aWallet, fakeServer, renderWallet } from './wallet.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const line = (id: string, type: string, amount: number, description: string) => ({
  id,
  walletId: 'u1',
  type,
  amount,
  ticker: null,
  description,
  date: '2026-11-20T15:00:00.000Z',
  createdAt: '2026-11-20T15:00:00.000Z',
  prediction: null,
});

function serve(balance: number, transactions: unknown[]) {
  fakeServer((call) => {
    if (call.url === '/api/wallet') return { status: 200, body: { ...aWallet, balance } };
    if (call.url === '/api/wallet/transactions') return { status: 200, body: transactions };
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
  renderWallet(<WalletTab account={anAccount} onSignIn={() => {}} onSignOut={() => {}} />);
}

describe('money taken back in the Wallet tab', () => {
  it('says plainly that a wallet below zero owes money, and what still works', async () => {
    serve(-250, []);
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(WALLET_TEXT.owesTitle);
    expect(notice.textContent).toContain(`${walletOwesMessage(250)}. ${WALLET_TEXT.owesFreeStillWork}`);
    const available = (await screen.findByText('-$2.50', { selector: '.balance-value' })).closest('.balance');
    expect(available?.classList.contains('balance-owing')).toBe(true);
  });

  it('shows no notice for a wallet at or above zero', async () => {
    serve(0, []);
    await screen.findByText('$0.00', { selector: '.balance-value' });
    expect(screen.queryByText(WALLET_TEXT.owesTitle)).toBeNull();
  });

  it('labels refunds and disputes in the Payment History, with the way the money went', async () => {
    serve(0, [
      line('top-up-refund:pi_1:re_1', 'top_up_refund', 500, 'Refund of Stripe payment: $5.00'),
      line('dispute:pi_2:dp_1', 'dispute', 1000, 'Disputed Stripe payment: $10.00 held back'),
      line('dispute-won:pi_2:dp_1', 'dispute_won', 1000, 'Dispute won: $10.00 returned'),
      line('dispute-lost:pi_3:dp_2', 'dispute_lost', 700, 'Dispute lost: $7.00 stays deducted'),
    ]);
    const text = async (description: string) => (await screen.findByText(description)).closest('li')?.textContent;
    expect(await text('Refund of Stripe payment: $5.00')).toContain(`${TRANSACTION_LABELS.top_up_refund}`);
    expect(await text('Refund of Stripe payment: $5.00')).toContain('−$5.00');
    expect(await text('Disputed Stripe payment: $10.00 held back')).toContain('−$10.00');
    expect(await text('Dispute won: $10.00 returned')).toContain('+$10.00');
    expect(await text('Dispute lost: $7.00 stays deducted')).toContain(TRANSACTION_LABELS.dispute_lost);
  });
});
