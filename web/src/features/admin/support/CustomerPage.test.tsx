import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerView, TransactionLine } from '@stockseer/contract';
import { polyfillDialog } from '../../../components/dialog.testkit';
import { AdminTab } from '../AdminTab';
import { fakeApi, headersOf, renderWithProviders, type Routes } from '../admin.testkit';
import { ADMIN_TEXT } from '../messages';
import { CUSTOMER_TEXT } from './supportText';

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const UID = 'u-ada';
const USER = `/api/admin/users/${UID}`;

const VIEW: CustomerView = {
  profile: { id: UID, displayName: 'Ada', email: 'ada@example.com', isAdmin: false, createdAt: '2026-11-01T10:00:00Z' },
  figures: { available: 1500, reserved: 100, charged: 200, owed: 0, heldForRefunds: 0, freePredictions: 3 },
  sessions: {
    lastSignInAt: '2026-11-20T10:00:00.000Z',
    lastActiveAt: '2026-11-21T10:00:00.000Z',
    tokensValidAfter: null,
    disabled: false,
  },
  payments: [
    {
      paymentIntentId: 'pi_1',
      amountCents: 2000,
      date: '2026-11-02T10:00:00.000Z',
      refundedCents: 500,
      disputedCents: 0,
      refundableCents: 1500,
      takenBack: [
        {
          id: 'top-up-refund:pi_1:re_1',
          type: 'top_up_refund',
          amount: 500,
          date: '2026-11-03T10:00:00.000Z',
          description: 'Refund of Stripe payment: $5.00',
        },
      ],
    },
  ],
};

const LINE: TransactionLine = {
  id: 'credit:c1',
  walletId: UID,
  type: 'credit',
  amount: 250,
  ticker: null,
  description: 'Courtesy credit from StockSeer: $2.50',
  date: '2026-11-04T10:00:00.000Z',
  createdAt: '2026-11-04T10:00:00.000Z',
  prediction: null,
  effect: { available: 250, reserved: 0, charged: 0 },
  after: { available: 1750, reserved: 100, charged: 200 },
};

function serve(more: Routes = {}) {
  return fakeApi({
    [`GET ${USER}`]: { body: VIEW },
    [`GET ${USER}/statement`]: { body: { lines: [LINE], nextCursor: null } },
    [`GET ${USER}/predictions`]: { body: { predictions: [], nextCursor: null } },
    ...more,
  });
}

const open = () => renderWithProviders(<AdminTab />, { path: `/admin/users/${UID}` });

describe("a user's page in the Admin tab", () => {
  it('shows the profile, wallet figures, sessions, payments with their refunds, and the statement', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
    const wallet = screen.getByRole('region', { name: CUSTOMER_TEXT.walletTitle });
    expect(within(wallet).getByText('$15.00')).toBeTruthy();
    expect(within(wallet).getByText(CUSTOMER_TEXT.owed).nextSibling?.textContent).toBe('$0.00');
    const sessions = screen.getByRole('region', { name: CUSTOMER_TEXT.sessionsTitle });
    expect(within(sessions).getByText(CUSTOMER_TEXT.disabledNo)).toBeTruthy();
    const payments = screen.getByRole('table', { name: CUSTOMER_TEXT.paymentsTitle });
    expect(within(payments).getByText('Refund of Stripe payment: $5.00')).toBeTruthy();
    expect(within(payments).getByRole('button', { name: CUSTOMER_TEXT.refundLabel('pi_1') })).toBeTruthy();
    const statement = await screen.findByRole('table', { name: CUSTOMER_TEXT.statementTitle });
    expect(within(statement).getByText(LINE.description)).toBeTruthy();
    expect(within(statement).getByText('+$2.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: `← ${CUSTOMER_TEXT.back}` }).getAttribute('href')).toBe('/admin');
  });

  it('says a user without predictions has none yet: their list has no filters to blame', async () => {
    serve();
    open();
    const predictions = await screen.findByRole('table', { name: ADMIN_TEXT.predictionsTitle });
    await within(predictions).findByText(CUSTOMER_TEXT.predictionsEmpty);
    expect(within(predictions).queryByText(ADMIN_TEXT.empty)).toBeNull();
  });

  it('gives a courtesy credit after a required reason and a confirmation naming the amount, with an Idempotency-Key', async () => {
    const calls = serve({
      [`POST ${USER}/credits`]: { body: { wallet: WALLET_AFTER, transactionId: 'credit:c2', credited: true } },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: CUSTOMER_TEXT.credit }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(CUSTOMER_TEXT.creditAmount), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CUSTOMER_TEXT.continue }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CUSTOMER_TEXT.reasonMissing);
    fireEvent.change(within(dialog).getByLabelText(CUSTOMER_TEXT.reason), { target: { value: ' Outage on Monday ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CUSTOMER_TEXT.continue }));
    expect(within(dialog).getByText(CUSTOMER_TEXT.creditConfirm(250, 'ada@example.com'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: CUSTOMER_TEXT.creditButton(250) }));
    expect(await screen.findByText(CUSTOMER_TEXT.credited(250, 'ada@example.com'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${USER}/credits`, body: { amountCents: 250, reason: 'Outage on Monday' } },
    ]);
    expect(headersOf(`${USER}/credits`)[0]?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The figures and the statement are read again.
    await waitFor(() => expect(calls.filter((c) => c.url === USER)).toHaveLength(2));
  });

  it('refuses an amount out of bounds before asking, and shows the server refusal of a refund, keeping the key', async () => {
    serve({ [`POST ${USER}/refunds`]: { status: 409, body: { message: 'The wallet has only $1.00 available' } } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: CUSTOMER_TEXT.refundLabel('pi_1') }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(CUSTOMER_TEXT.refundAmount(1500)) as HTMLInputElement;
    expect(amount.value).toBe('15.00');
    fireEvent.change(amount, { target: { value: '15.01' } });
    fireEvent.change(within(dialog).getByLabelText(CUSTOMER_TEXT.reason), { target: { value: 'asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CUSTOMER_TEXT.continue }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CUSTOMER_TEXT.amountOutOfRange(1, 1500));
    fireEvent.change(amount, { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CUSTOMER_TEXT.continue }));
    expect(within(dialog).getByText(CUSTOMER_TEXT.refundConfirm(400, 'pi_1', 'ada@example.com'))).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: CUSTOMER_TEXT.refundButton(400) });
    fireEvent.click(confirm);
    expect(await screen.findByText('The wallet has only $1.00 available')).toBeTruthy();
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(headersOf(`${USER}/refunds`)).toHaveLength(2));
    const [first, retry] = headersOf(`${USER}/refunds`);
    expect(retry!['Idempotency-Key']).toBe(first!['Idempotency-Key']);
  });

  it('offers by default what can be refunded now: no more than Available, which the server would refuse', async () => {
    serve({ [`GET ${USER}`]: { body: { ...VIEW, figures: { ...VIEW.figures!, available: 300 } } } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: CUSTOMER_TEXT.refundLabel('pi_1') }));
    const dialog = await screen.findByRole('dialog');
    // $15.00 is left of the top-up, but Available holds $3.00.
    const amount = within(dialog).getByLabelText(CUSTOMER_TEXT.refundAmount(300)) as HTMLInputElement;
    expect(amount.value).toBe('3.00');
    fireEvent.change(within(dialog).getByLabelText(CUSTOMER_TEXT.reason), { target: { value: 'asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CUSTOMER_TEXT.continue }));
    expect(within(dialog).getByText(CUSTOMER_TEXT.refundConfirm(300, 'pi_1', 'ada@example.com'))).toBeTruthy();
  });

  it('offers no refund while Available holds nothing', async () => {
    serve({ [`GET ${USER}`]: { body: { ...VIEW, figures: { ...VIEW.figures!, available: 0 } } } });
    open();
    await screen.findByRole('heading', { name: 'Ada' });
    expect(screen.queryByRole('button', { name: CUSTOMER_TEXT.refundLabel('pi_1') })).toBeNull();
  });

  it('offers no refund while the wallet owes money, and says so for an unknown user', async () => {
    serve({ [`GET ${USER}`]: { body: { ...VIEW, figures: { ...VIEW.figures!, available: -50, owed: 50 } } } });
    open();
    await screen.findByRole('heading', { name: 'Ada' });
    expect(screen.queryByRole('button', { name: CUSTOMER_TEXT.refundLabel('pi_1') })).toBeNull();
    vi.unstubAllGlobals();
    serve({ [`GET ${USER}`]: { status: 404, body: { message: 'No such user' } } });
    open();
    expect(await screen.findByText(CUSTOMER_TEXT.notFound)).toBeTruthy();
  });
});

const WALLET_AFTER = {
  userId: UID,
  balance: 1750,
  reservedBalance: 100,
  chargedBalance: 200,
  freePredictions: 3,
  resetDate: '2026-12-01',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-04T10:00:00.000Z',
};
