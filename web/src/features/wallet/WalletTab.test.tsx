import { ERROR_MESSAGES } from '@stockseer/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { WalletTab } from './WalletTab';
import { PAYMENT_RETURN_TEXT, WALLET_TEXT } from './messages';
import { aLine, anAccount, aWallet, fakeServer, renderWallet } from './wallet.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const account = anAccount;

const deposit = aLine({
  id: 'deposit:pi_1',
  type: 'deposit',
  amount: 2000,
  description: 'Stripe payment: $20.00',
  effect: { available: 2000 },
  after: { available: 2000 },
});

function serve(transactions: { status: number; body: unknown }) {
  return fakeServer((call) => {
    if (call.url === '/api/wallet') return { status: 200, body: aWallet };
    if (call.url === '/api/wallet/transactions') return transactions;
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
}

const renderTab = (props: Partial<Parameters<typeof WalletTab>[0]> = {}, url?: string) =>
  renderWallet(<WalletTab account={account} onSignIn={() => {}} onSignOut={() => {}} {...props} />, url);

describe('the Wallet tab', () => {
  it('asks a signed-out visitor to sign in', () => {
    const onSignIn = vi.fn();
    renderTab({ account: null, onSignIn });
    expect(screen.getByText('Please sign in to access your wallet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.signIn }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('shows the profile, the balances in dollars, the free predictions with their reset date, and the history', async () => {
    serve({ status: 200, body: [deposit] });
    const onSignOut = vi.fn();
    renderTab({ onSignOut });
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile.textContent).toContain('AL');
    expect(profile.textContent).toContain('Ada Lovelace');
    expect(profile.textContent).toContain('ada@example.com');
    expect(profile.textContent).toContain('Member since Jan 02, 2026');
    expect(screen.queryByText(WALLET_TEXT.adminBadge)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.signOut }));
    expect(onSignOut).toHaveBeenCalledOnce();

    await screen.findByText('$20.00', { selector: '.balance-value' });
    const balances = [...document.querySelectorAll('.balance')].map((b) => b.textContent);
    expect(balances).toEqual([
      'Available$20.00',
      'Reserved$1.00',
      'Charged$3.00',
      'Free Predictions Remaining3Resets on Dec 22, 2026',
    ]);
    expect((await screen.findByText('Stripe payment: $20.00')).closest('tr')?.textContent).toContain('+$20.00');
  });

  it("shows the admin badge to an admin, and the empty history's text", async () => {
    serve({ status: 200, body: [] });
    renderTab({ account: { ...account, isAdmin: true } });
    expect(screen.getByText('Admin User')).toBeTruthy();
    expect(await screen.findByText('No transaction history available.')).toBeTruthy();
  });

  it("says 'Failed to fetch transactions' when the history cannot be read", async () => {
    serve({ status: 500, body: { message: ERROR_MESSAGES.serverError } });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain(WALLET_TEXT.historyFailed);
  });

  it('on a payment return URL refreshes, says "Payment received", drops the query string, and credits nothing', async () => {
    const calls = serve({ status: 200, body: [] });
    renderTab({}, '/wallet?payment_success=true&amount=1000');
    expect((await screen.findByRole('status')).textContent).toContain(PAYMENT_RETURN_TEXT.title);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet'));
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(calls.map((c) => c.url)).toContain('/api/wallet');
  });
});
