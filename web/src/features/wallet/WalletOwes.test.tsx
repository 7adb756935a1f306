import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { walletOwesMessage } from '@stockseer/contract';
import { WalletTab } from './WalletTab';
import { TRANSACTION_LABELS, WALLET_TEXT } from './messages';
import { aLine, aTopUpRefundLine, anAccount, aWallet, fakeServer, renderWallet } from './wallet.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
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

  it('labels refunds and disputes in the Payment History, with what each moved out of or back into Available', async () => {
    // Newest first: $10 and $5 in, $5 refunded, $10 disputed and won back, $7 disputed and lost.
    serve(300, [
      aLine({
        id: 'dispute-lost:pi_3:dp_2',
        type: 'dispute_lost',
        amount: 700,
        description: 'Dispute lost: $7.00 stays deducted',
        after: { available: 300 },
      }),
      aLine({
        id: 'dispute:pi_3:dp_2',
        type: 'dispute',
        amount: 700,
        description: 'Disputed Stripe payment: $7.00 held back',
        effect: { available: -700 },
        after: { available: 300 },
      }),
      aLine({
        id: 'dispute-won:pi_2:dp_1',
        type: 'dispute_won',
        amount: 1000,
        description: 'Dispute won: $10.00 returned',
        effect: { available: 1000 },
        after: { available: 1000 },
      }),
      aLine({
        id: 'dispute:pi_2:dp_1',
        type: 'dispute',
        amount: 1000,
        description: 'Disputed Stripe payment: $10.00 held back',
        effect: { available: -1000 },
        after: { available: 0 },
      }),
      aTopUpRefundLine({ available: 1000 }),
    ]);
    const cells = async (description: string) => {
      const row = (await screen.findByText(description)).closest('tr')!;
      return [...row.querySelectorAll('th, td')].slice(1).map((cell) => cell.textContent);
    };
    const refund = await cells('Refund of Stripe payment: $5.00');
    expect(refund).toEqual([
      `Refund of Stripe payment: $5.00${TRANSACTION_LABELS.top_up_refund}`,
      '−$5.00',
      '',
      '',
      '$10.00',
    ]);
    expect((await cells('Disputed Stripe payment: $10.00 held back')).slice(1)).toEqual(['−$10.00', '', '', '$0.00']);
    expect((await cells('Dispute won: $10.00 returned')).slice(1)).toEqual(['+$10.00', '', '', '$10.00']);
    // The decision alone moves nothing: the $7 left when the dispute was opened.
    const lost = await cells('Dispute lost: $7.00 stays deducted');
    expect(lost).toEqual([`Dispute lost: $7.00 stays deducted${TRANSACTION_LABELS.dispute_lost}`, '', '', '', '$3.00']);
  });
});
