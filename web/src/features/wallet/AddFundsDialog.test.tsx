import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OFFLINE_TEXT } from '../../lib/online';
import { TOP_UP_MESSAGES, ERROR_MESSAGES } from '@stockseer/contract';
import { AddFundsDialog, DIALOG_RESET_DELAY_MS } from './AddFundsDialog';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from './messages';
import { aWallet, fakeServer, polyfillDialog, renderWallet, type Call } from './wallet.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));
vi.mock('../../lib/config', () => ({
  config: { stripe: { sandboxUrl: 'http://sandbox.test', publishableKey: 'pk_test_sandbox' } },
}));

polyfillDialog();
afterEach(() => {
  vi.unstubAllGlobals();
  // The offline test's own navigator.onLine, gone even when it failed half-way.
  Reflect.deleteProperty(window.navigator, 'onLine');
});

const INTENT = { clientSecret: 'pi_1_secret_abc', paymentIntentId: 'pi_1' };

/** Our API and the sandbox, answering as they do for a card that is charged (by default). */
function server(
  overrides: Partial<Record<'intent' | 'confirm' | 'credit', ReturnType<Parameters<typeof fakeServer>[0]>>> = {},
) {
  return fakeServer((call: Call) => {
    if (call.url === '/api/payments/create-intent') return overrides.intent ?? { status: 200, body: INTENT };
    if (call.url === 'http://sandbox.test/v1/payment_intents/pi_1/confirm') {
      return overrides.confirm ?? { status: 200, body: { id: 'pi_1', status: 'succeeded' } };
    }
    if (call.url === '/api/wallet/add-stripe-funds') {
      return (
        overrides.credit ?? {
          status: 200,
          body: { wallet: { ...aWallet, balance: 4000 }, amountCents: 2000, credited: true },
        }
      );
    }
    if (call.url === '/api/wallet') return { status: 200, body: aWallet };
    if (call.url === '/api/wallet/transactions') return { status: 200, body: [] };
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
}

const amountInput = () => screen.getByLabelText(ADD_FUNDS_TEXT.amountLabel) as HTMLInputElement;
const open = () => fireEvent.click(screen.getByRole('button', { name: WALLET_TEXT.addFunds }));

async function toPaymentStep(dollars: string) {
  open();
  fireEvent.change(amountInput(), { target: { value: dollars } });
  fireEvent.click(screen.getByRole('button', { name: ADD_FUNDS_TEXT.continue }));
  await screen.findByText(ADD_FUNDS_TEXT.testMode);
}

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText(ADD_FUNDS_TEXT.cardNumber), { target: { value: number } });
  fireEvent.change(screen.getByLabelText(ADD_FUNDS_TEXT.expiry), { target: { value: '12/34' } });
  fireEvent.change(screen.getByLabelText(ADD_FUNDS_TEXT.cvc), { target: { value: '123' } });
}

const alertTexts = () => screen.getAllByRole('alert').map((a) => a.textContent);
const payButton = () => screen.getByRole('button', { name: /^Pay \$/ }) as HTMLButtonElement;

describe('the add-funds dialog: amount step', () => {
  it('starts at $10, keeps only digits and one dot, and takes a quick amount', () => {
    renderWallet(<AddFundsDialog uid="u1" />);
    open();
    expect(amountInput().value).toBe('10');
    fireEvent.change(amountInput(), { target: { value: '$1a2.3.4' } });
    expect(amountInput().value).toBe('12.34');
    const quick = within(screen.getByRole('group', { name: ADD_FUNDS_TEXT.quickAmounts })).getAllByRole('button');
    expect(quick.map((b) => b.textContent)).toEqual(['$5', '$10', '$20', '$50', '$100', '$200']);
    fireEvent.click(screen.getByRole('button', { name: '$50' }));
    expect(amountInput().value).toBe('50');
  });

  it('names the problem with its title and message, and asks the server nothing', () => {
    const calls = server();
    renderWallet(<AddFundsDialog uid="u1" />);
    open();
    for (const [typed, title, message] of [
      ['', 'Invalid amount', TOP_UP_MESSAGES.invalid],
      ['0', 'Invalid amount', 'Please enter a valid amount greater than 0'],
      ['4.99', 'Minimum amount', 'Please enter an amount of at least $5'],
      ['1000.01', 'Maximum amount', 'Please enter an amount of at most $1000'],
    ]) {
      fireEvent.change(amountInput(), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: ADD_FUNDS_TEXT.continue }));
      expect(screen.getByRole('alert').textContent).toBe(`${title}${message}`);
    }
    expect(calls).toEqual([]);
  });
});

describe('the add-funds dialog: payment step with the sandbox card form', () => {
  it('charges the card, asks the server to credit the intent (not an amount), then closes and resets to $10', async () => {
    const calls = server();
    renderWallet(<AddFundsDialog uid="u1" />);
    await toPaymentStep('20');
    const created = calls.find((c) => c.url === '/api/payments/create-intent')!;
    expect(created.body).toEqual({ amount: 20 });
    expect(created.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('You are adding $20.00 to your wallet.')).toBeTruthy();

    expect(payButton().disabled).toBe(true);
    fillCard('4242 4242 4242 4242');
    expect(payButton().disabled).toBe(false);
    fireEvent.click(payButton());

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Payment succeeded!');
    expect(status.textContent).toContain('$20.00 has been added to your wallet');
    const confirm = calls.find((c) => c.url.startsWith('http://sandbox.test'))!;
    expect(confirm.body).toMatchObject({
      key: 'pk_test_sandbox',
      client_secret: 'pi_1_secret_abc',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
    });
    expect(calls.find((c) => c.url === '/api/wallet/add-stripe-funds')!.body).toEqual({ paymentIntentId: 'pi_1' });
    expect(screen.queryByText(ADD_FUNDS_TEXT.testMode)).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, DIALOG_RESET_DELAY_MS + 50));
    open();
    expect(amountInput().value).toBe('10');
  });

  it('shows a declined card inline only (no toast over the dialog repeating it), and credits nothing', async () => {
    const calls = server({
      confirm: {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      },
    });
    renderWallet(<AddFundsDialog uid="u1" />);
    await toPaymentStep('20');
    fillCard('4000 0000 0000 0002');
    fireEvent.click(payButton());

    // Stripe's message once, under the form, and no 'Payment failed' toast.
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(1);
    expect(alertTexts()).toEqual(['Your card was declined.']);
    expect(screen.queryByText(ADD_FUNDS_TEXT.cardFailedTitle)).toBeNull();
    expect(calls.some((c) => c.url === '/api/wallet/add-stripe-funds')).toBe(false);
    expect(payButton().disabled).toBe(false);
  });

  it('tells of a card declined after the dialog was closed in a toast, since nothing else is left to say it', async () => {
    server({
      confirm: {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      },
    });
    // The sandbox answers only once the dialog is closed.
    const answer = globalThis.fetch;
    let release = () => {};
    const closed = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/confirm')) await closed;
      return answer(input, init);
    });
    renderWallet(<AddFundsDialog uid="u1" />);
    await toPaymentStep('20');
    fillCard('4000 0000 0000 0002');
    fireEvent.click(payButton());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    release();
    await waitFor(() =>
      expect(alertTexts()).toContainEqual(
        expect.stringContaining(`${ADD_FUNDS_TEXT.cardFailedTitle}Your card was declined.`),
      ),
    );
  });

  it("tells when the charge went through but the wallet's credit did not", async () => {
    server({ credit: { status: 500, body: { message: ERROR_MESSAGES.serverError } } });
    renderWallet(<AddFundsDialog uid="u1" />);
    await toPaymentStep('20');
    fillCard('4242424242424242');
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(alertTexts()).toContainEqual(
        expect.stringContaining(`${ADD_FUNDS_TEXT.creditFailedTitle}${ADD_FUNDS_TEXT.creditFailed}`),
      ),
    );
  });

  it('keeps Pay off while offline, says why, and gives it back online', async () => {
    let online = true;
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    const calls = server();
    renderWallet(<AddFundsDialog uid="u1" />);
    await toPaymentStep('20');
    fillCard('4242 4242 4242 4242');
    const goOnline = (now: boolean) => {
      online = now;
      act(() => void window.dispatchEvent(new Event(now ? 'online' : 'offline')));
    };
    goOnline(false);
    expect(payButton().matches(':disabled')).toBe(true);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(OFFLINE_TEXT.moneyNeedsConnection)).toBeTruthy();
    fireEvent.click(payButton());
    expect(calls.some((c) => c.url.includes('/confirm'))).toBe(false);
    goOnline(true);
    expect(payButton().matches(':disabled')).toBe(false);
    expect(within(dialog).queryByText(OFFLINE_TEXT.moneyNeedsConnection)).toBeNull();
  });

  it("shows the server's message, or 'Failed to set up payment', when no intent can be made, with Go Back", async () => {
    server({
      intent: { status: 503, body: { message: 'Payments are unavailable right now. Please try again in a moment.' } },
    });
    renderWallet(<AddFundsDialog uid="u1" />);
    open();
    fireEvent.click(screen.getByRole('button', { name: ADD_FUNDS_TEXT.continue }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Payments are unavailable right now. Please try again in a moment.',
    );
    fireEvent.click(screen.getByRole('button', { name: ADD_FUNDS_TEXT.goBack }));
    expect(amountInput().value).toBe('10');

    vi.unstubAllGlobals();
    server({ intent: 'network-error' });
    fireEvent.click(screen.getByRole('button', { name: ADD_FUNDS_TEXT.continue }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADD_FUNDS_TEXT.setUpFailed);
  });
});
