import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import useSWR from 'swr';
import { ACCOUNT_MESSAGES, type ClosurePreview } from '@stockseer/contract';
import { polyfillDialog } from '../../components/dialog.testkit';
import { api, ApiError } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { AccountCard } from './AccountCard';
import { aPreview, anExport, renderAccount } from './account.testkit';
import { ACCOUNT_TEXT, CLOSE_TEXT } from './messages';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));
vi.mock('../../lib/download', () => ({ downloadText: vi.fn() }));
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api: vi.fn() }));

polyfillDialog();
afterEach(() => vi.clearAllMocks());

const CLOSED = {
  refunds: [
    { paymentIntentId: 'pi_b', refundCents: 1950 },
    { paymentIntentId: 'pi_a', refundCents: 2000 },
  ],
  refundTotalCents: 3950,
  cancelledPredictions: 3,
};

/** Our API as the card asks it: each path answers `answers[path]`, or fails with it when it is an Error. */
function serve(answers: Record<string, unknown>) {
  vi.mocked(api).mockImplementation(async (path, schema) => {
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    if (answer === undefined) throw new Error(`unexpected ${path}`);
    return schema.parse(answer);
  });
}

function renderCard(onClosed = vi.fn()) {
  renderAccount(<AccountCard uid="u1" onClosed={onClosed} />);
  return onClosed;
}

const openClosing = async () => {
  fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXT.closeButton }));
  return screen.findByRole('dialog', { name: CLOSE_TEXT.dialogTitle });
};

describe('the account card', () => {
  it('downloads my data as JSON and as CSV, from one request each', async () => {
    serve({ '/api/account/export': anExport });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXT.downloadJson }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    const [jsonName, json, type] = vi.mocked(downloadText).mock.calls[0]!;
    expect([jsonName, type]).toEqual(['stockseer-my-data-2026-11-26.json', 'application/json;charset=utf-8']);
    expect(JSON.parse(json)).toEqual(anExport);

    fireEvent.click(await screen.findByRole('button', { name: ACCOUNT_TEXT.downloadCsv }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(2));
    const [csvName, csv] = vi.mocked(downloadText).mock.calls[1]!;
    expect(csvName).toBe('stockseer-my-data-2026-11-26.csv');
    expect(csv.split('\r\n')).toEqual(expect.arrayContaining(['Profile', 'Predictions', 'Statement', 'Payments']));
    expect(vi.mocked(api).mock.calls.map(([path]) => path)).toEqual(['/api/account/export', '/api/account/export']);
  });

  it('says so when the download fails', async () => {
    serve({ '/api/account/export': new ApiError(503, 'down') });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXT.downloadCsv }));
    expect(await screen.findByText(ACCOUNT_TEXT.downloadFailed)).toBeTruthy();
    expect(downloadText).not.toHaveBeenCalled();
  });
});

describe('closing the account', () => {
  it('shows what will happen, asks for CLOSE typed, closes, then says so and signs out', async () => {
    serve({ '/api/account/closure': aPreview, '/api/account/close': CLOSED });
    const onClosed = renderCard();
    const dialog = await openClosing();

    await within(dialog).findByRole('heading', { name: CLOSE_TEXT.cancelledHeading(2) });
    const lists = within(dialog).getAllByRole('list');
    expect(
      within(lists[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      CLOSE_TEXT.cancelledLine('KO', 'short', '2026-12-07'),
      CLOSE_TEXT.cancelledLine('AAPL', 'long', '2027-04-08'),
    ]);
    expect(within(dialog).getByRole('heading', { name: '$39.50 refunded to your card' })).toBeTruthy();
    expect(
      within(lists[1]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['$19.50 of your $19.50 top-up of Nov 20, 2026', '$20.00 of your $20.00 top-up of Nov 02, 2026']);
    expect(within(dialog).getByText(CLOSE_TEXT.freeCancelled(1))).toBeTruthy();
    expect(within(dialog).getByText(CLOSE_TEXT.keptBody)).toBeTruthy();
    expect(within(dialog).queryByText(/courtesy credit/)).toBeNull();

    const confirm = within(dialog).getByRole('button', { name: CLOSE_TEXT.confirm });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const typed = within(dialog).getByLabelText(CLOSE_TEXT.confirmLabel);
    fireEvent.change(typed, { target: { value: 'close' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'CLOSE' } });
    fireEvent.click(confirm);

    const done = await screen.findByRole('dialog', { name: CLOSE_TEXT.doneTitle });
    expect(within(done).getByRole('status').textContent).toContain(CLOSE_TEXT.doneRefund(3950));
    expect(vi.mocked(api).mock.calls.at(-1)).toEqual([
      '/api/account/close',
      expect.anything(),
      { body: { confirmation: 'CLOSE' } },
    ]);
    expect(onClosed).not.toHaveBeenCalled();
    fireEvent.click(within(done).getByRole('button', { name: CLOSE_TEXT.signOut }));
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('drops what the page behind shows of the account once it is closed, and does not ask for it again', async () => {
    serve({ '/api/account/closure': aPreview, '/api/account/close': CLOSED });
    const readWallet = vi.fn(async () => '$37.50');
    /** The Wallet tab behind the dialog, as far as this test needs it: the balance it loaded. */
    function WalletBehind() {
      return <p data-testid="behind">{useSWR('/api/wallet', readWallet).data ?? '…'}</p>;
    }
    renderAccount(
      <>
        <WalletBehind />
        <AccountCard uid="u1" onClosed={vi.fn()} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('behind').textContent).toBe('$37.50'));
    const dialog = await openClosing();
    fireEvent.change(await within(dialog).findByLabelText(CLOSE_TEXT.confirmLabel), { target: { value: 'CLOSE' } });
    expect(screen.getByTestId('behind').textContent).toBe('$37.50');
    fireEvent.click(within(dialog).getByRole('button', { name: CLOSE_TEXT.confirm }));
    await screen.findByRole('dialog', { name: CLOSE_TEXT.doneTitle });
    await waitFor(() => expect(screen.getByTestId('behind').textContent).toBe('…'));
    expect(readWallet).toHaveBeenCalledTimes(1);
  });

  it('says plainly, before the click, that unspent courtesy credit is not refunded', async () => {
    const credited: ClosurePreview = { ...aPreview, availableCents: 4200, forfeitCents: 250 };
    serve({ '/api/account/closure': credited });
    renderCard();
    const dialog = await openClosing();
    expect(
      await within(dialog).findByText(
        '$2.50 of courtesy credit is not refunded: it came from StockSeer, not from your card.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '$39.50 refunded to your card' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: CLOSE_TEXT.confirm })).toBeTruthy();
  });

  it('names no card refund when all of Available is courtesy credit', async () => {
    const creditOnly: ClosurePreview = {
      ...aPreview,
      availableCents: 500,
      refunds: [],
      refundTotalCents: 0,
      forfeitCents: 500,
    };
    serve({ '/api/account/closure': creditOnly });
    renderCard();
    const dialog = await openClosing();
    expect(await within(dialog).findByRole('heading', { name: CLOSE_TEXT.noCardRefund })).toBeTruthy();
    expect(within(dialog).getByText(CLOSE_TEXT.forfeit(500))).toBeTruthy();
    expect(within(dialog).queryByText(CLOSE_TEXT.noRefund)).toBeNull();
  });

  it('says why the account cannot close yet, and offers no confirmation', async () => {
    const refused: ClosurePreview = { ...aPreview, refusal: ACCOUNT_MESSAGES.walletOwes(250) };
    serve({ '/api/account/closure': refused });
    renderCard();
    const dialog = await openClosing();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(CLOSE_TEXT.cannotClose + ACCOUNT_MESSAGES.walletOwes(250));
    expect(within(dialog).queryByRole('button', { name: CLOSE_TEXT.confirm })).toBeNull();
  });

  it("shows the server's refusal when closing fails, and lets the user try again", async () => {
    serve({ '/api/account/closure': aPreview, '/api/account/close': new ApiError(409, ACCOUNT_MESSAGES.disputed) });
    renderCard();
    const dialog = await openClosing();
    fireEvent.change(await within(dialog).findByLabelText(CLOSE_TEXT.confirmLabel), { target: { value: 'CLOSE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CLOSE_TEXT.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.disputed);
    expect((within(dialog).getByRole('button', { name: CLOSE_TEXT.confirm }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
