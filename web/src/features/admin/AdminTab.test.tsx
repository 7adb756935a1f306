import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIME_FRAME_LABELS } from '@stockseer/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminTab } from './AdminTab';
import { PREDICTIONS_PAGE_SIZE } from './adminApi';
import type { AdminUserRow } from '@stockseer/contract';
import { ADMIN_TEXT, COLUMNS, USER_COLUMNS } from './messages';
import { aPrediction, fakeApi, renderWithProviders, type Routes } from './admin.testkit';

// The API client asks Firebase for an ID token; the test has no signed-in user, so the request goes without one.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const aUser = (id: string, email: string, fields: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  email,
  displayName: null,
  createdAt: '2025-01-05T12:00:00.000Z',
  isAdmin: false,
  wallet: { balance: 1250, reservedBalance: 200, chargedBalance: 100, freePredictions: 3 },
  predictionCount: 7,
  ...fields,
});
const USERS = {
  users: [
    aUser('u-ada', 'ada@example.com', { displayName: 'Ada Lovelace', isAdmin: true }),
    aUser('u-bob', 'bob@example.com', { wallet: null, predictionCount: 0 }),
  ],
  nextCursor: null,
};
const FIRST_PAGE = [
  aPrediction({ id: 'ada-1', createdAt: '2025-06-03T10:00:00.000Z' }),
  aPrediction({ id: 'bob-1', userId: 'u-bob', userEmail: 'bob@example.com', symbol: 'AAPL', isFree: true }),
];
const SECOND_PAGE = [
  aPrediction({
    id: 'backtest-1',
    userId: null,
    userEmail: null,
    predictionType: 'historical',
    modelId: 'xgboost',
    modelName: 'XGBoost',
    timeFrame: 'long',
    status: 'hit',
    actualPrice: 73.5,
    createdAt: '2025-05-01T10:00:00.000Z',
  }),
];

/** The admin API with two pages of predictions, no time machine (as in production) unless `more` says so. */
function serve(more: Routes = {}) {
  return fakeApi({
    'GET /api/admin/default-models': { body: { short: 'prophet', medium: 'prophet', long: 'xgboost' } },
    'GET /api/admin/users': { body: USERS },
    'GET /api/admin/maintenance-runs': { body: [] },
    'GET /api/admin/audit-log': { body: { entries: [], nextCursor: null } },
    'GET /api/predictions/all': ({ url }) =>
      new URL(url, 'http://x').searchParams.get('cursor') === 'bob-1'
        ? { body: { predictions: SECOND_PAGE, nextCursor: null } }
        : { body: { predictions: FIRST_PAGE, nextCursor: 'bob-1' } },
    ...more,
  });
}

const table = () => screen.getByRole('table', { name: ADMIN_TEXT.predictionsTitle });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowTexts = () => bodyRows().map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const toast = async (role: 'status' | 'alert') => (await screen.findByRole(role)).textContent;

describe('Default AI Models', () => {
  it('shows the saved model per timeframe and updates one, with the success toast', async () => {
    const calls = serve({
      'POST /api/admin/default-models': { body: { short: 'arima', medium: 'prophet', long: 'xgboost' } },
    });
    renderWithProviders(<AdminTab />);
    const short = (await screen.findByLabelText(TIME_FRAME_LABELS.short)) as HTMLSelectElement;
    expect(short.value).toBe('prophet');
    expect((screen.getByLabelText(TIME_FRAME_LABELS.long) as HTMLSelectElement).value).toBe('xgboost');
    expect([...short.options].map((o) => o.text)).toEqual(['Prophet', 'ARIMA', 'XGBoost']);
    const update = screen.getByRole('button', { name: `Update ${TIME_FRAME_LABELS.short}` }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);

    select(TIME_FRAME_LABELS.short, 'arima');
    fireEvent.click(update);
    expect(await toast('status')).toContain(ADMIN_TEXT.modelUpdated('short', 'ARIMA'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/default-models', body: { timeFrame: 'short', modelId: 'arima' } },
    ]);
    expect((screen.getByLabelText(TIME_FRAME_LABELS.short) as HTMLSelectElement).value).toBe('arima');
  });

  it('says which timeframe failed to update', async () => {
    serve({ 'POST /api/admin/default-models': { status: 500, body: { message: 'down' } } });
    renderWithProviders(<AdminTab />);
    await screen.findByLabelText(TIME_FRAME_LABELS.medium);
    select(TIME_FRAME_LABELS.medium, 'xgboost');
    fireEvent.click(screen.getByRole('button', { name: `Update ${TIME_FRAME_LABELS.medium}` }));
    expect(await toast('alert')).toContain(ADMIN_TEXT.modelUpdateFailed('medium'));
  });
});

describe('All User Predictions', () => {
  it("lists every user's predictions newest first in the admin's columns, and loads the next page by its cursor", async () => {
    const calls = serve();
    renderWithProviders(<AdminTab />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(Object.values(COLUMNS));
    // The same forecast of KO but for the owner and the cost: those columns are what these rows are about.
    const row = (email: string, symbol: string, cost: string) => [
      email,
      symbol,
      'ARIMA',
      'Short7 days',
      'Future',
      'Jun 02, 2025$70.00',
      'Jun 11, 2025$71.00Chance of a hit: 46%',
      'ActivePending',
      cost,
    ];
    expect(rowTexts()).toEqual([row('ada@example.com', 'KO', 'Reserved $1'), row('bob@example.com', 'AAPL', 'Free')]);
    expect(screen.getByText(ADMIN_TEXT.count(2, true))).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/predictions/all'))?.url).toBe(
      `/api/predictions/all?limit=${PREDICTIONS_PAGE_SIZE}&predictionType=future`,
    );

    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.loadMore }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(
      calls.some(
        (c) => c.url === `/api/predictions/all?limit=${PREDICTIONS_PAGE_SIZE}&predictionType=future&cursor=bob-1`,
      ),
    ).toBe(true);
    // A back-test belongs to no one: no e-mail and no cost.
    expect(rowTexts()[2]).toEqual([
      '—',
      'KO',
      'XGBoost',
      'Long90 days',
      'Historical',
      'Jun 02, 2025$70.00',
      'Jun 11, 2025$71.00Chance of a hit: 46%',
      'Hit$73.50 (+5.0%)',
      '—',
    ]);
    expect(screen.getByText(ADMIN_TEXT.count(3, false))).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.loadMore })).toBeNull();
  });

  it('asks the server for each filter, so a match on any page is found', async () => {
    const all = [...FIRST_PAGE, ...SECOND_PAGE];
    // The server's contract: equality filters on the named fields.
    const fields = {
      userId: 'userId',
      status: 'status',
      timeFrame: 'timeFrame',
      predictionType: 'predictionType',
      modelId: 'modelId',
    } as const;
    const calls = serve({
      'GET /api/predictions/all': ({ url }) => {
        const query = new URL(url, 'http://x').searchParams;
        const predictions = all.filter((p) =>
          Object.entries(fields).every(([param, field]) => !query.has(param) || query.get(param) === p[field]),
        );
        return { body: { predictions, nextCursor: null } };
      },
    });
    renderWithProviders(<AdminTab />);
    // It opens on users' own predictions; the back-tests are a Type choice away.
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect((screen.getByLabelText(ADMIN_TEXT.typeFilter) as HTMLSelectElement).value).toBe('future');
    select(ADMIN_TEXT.typeFilter, 'all');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const symbols = () => rowTexts().map((cells) => `${cells[1]} ${cells[0]}`);

    await screen.findByRole('option', { name: 'bob@example.com' });
    select(ADMIN_TEXT.userFilter, 'u-bob');
    await waitFor(() => expect(symbols()).toEqual(['AAPL bob@example.com']));
    expect(calls.at(-1)?.url).toContain('userId=u-bob');
    select(ADMIN_TEXT.userFilter, 'all');
    select(ADMIN_TEXT.statusFilter, 'hit');
    await waitFor(() => expect(symbols()).toEqual(['KO —']));
    select(ADMIN_TEXT.statusFilter, 'all');
    select(ADMIN_TEXT.timeFrameFilter, 'short');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    select(ADMIN_TEXT.typeFilter, 'historical');
    expect(await screen.findByText(ADMIN_TEXT.empty)).toBeTruthy();
    select(ADMIN_TEXT.timeFrameFilter, 'all');
    await waitFor(() => expect(symbols()).toEqual(['KO —']));
    select(ADMIN_TEXT.typeFilter, 'all');
    select(ADMIN_TEXT.modelFilter, 'arima');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(calls.at(-1)?.url).toContain('modelId=arima');
  });

  it('shows a cancelled prediction as Cancelled only: it is not pending, it never resolves', async () => {
    const cancelled = aPrediction({ id: 'c-1', status: 'cancelled', actualPrice: null });
    serve({ 'GET /api/predictions/all': { body: { predictions: [cancelled], nextCursor: null } } });
    renderWithProviders(<AdminTab />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(rowTexts()[0]).toContain('Cancelled');
    expect(rowTexts()[0]!.join(' ')).not.toContain('Pending');
  });

  it('with no prediction yet and the filters it opens on, says none was made (not that none match)', async () => {
    serve({ 'GET /api/predictions/all': { body: { predictions: [], nextCursor: null } } });
    renderWithProviders(<AdminTab />);
    expect(await screen.findByText(ADMIN_TEXT.noneYet)).toBeTruthy();
    expect(screen.queryByText(ADMIN_TEXT.empty)).toBeNull();
    select(ADMIN_TEXT.statusFilter, 'hit');
    expect(await screen.findByText(ADMIN_TEXT.empty)).toBeTruthy();
  });

  it('toasts when admin data cannot be fetched', async () => {
    serve({ 'GET /api/predictions/all': { status: 500, body: { message: 'down' } } });
    renderWithProviders(<AdminTab />);
    expect(await toast('alert')).toContain(ADMIN_TEXT.fetchFailed);
  });
});

describe('Users', () => {
  const usersTable = () => screen.getByRole('table', { name: ADMIN_TEXT.usersTitle });

  it('lists each user with name, e-mail, admin badge, member since, balances, free left and prediction count', async () => {
    serve();
    renderWithProviders(<AdminTab />);
    await waitFor(() => expect(within(usersTable()).getAllByRole('row')).toHaveLength(3));
    expect(
      within(usersTable())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(Object.values(USER_COLUMNS));
    const cells = within(usersTable())
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Ada LovelaceAdminada@example.com', 'Jan 05, 2025', '$12.50', '$2.00', '$1.00', '3', '7'],
      ['bob@example.combob@example.com', 'Jan 05, 2025', '—', '—', '—', '—', '0'],
    ]);
  });

  it('searches on the server and loads the next page by its cursor', async () => {
    const calls = serve({
      'GET /api/admin/users': ({ url }) => {
        const query = new URL(url, 'http://x').searchParams;
        if (query.get('limit') === '100') return { body: USERS };
        if (query.get('cursor') === 'u-ada') return { body: { users: [USERS.users[1]], nextCursor: null } };
        const users = USERS.users.filter((u) => !query.has('q') || u.email?.includes(query.get('q')!));
        return { body: { users: users.slice(0, 1), nextCursor: users.length > 1 ? 'u-ada' : null } };
      },
    });
    renderWithProviders(<AdminTab />);
    await waitFor(() => expect(within(usersTable()).getAllByRole('row')).toHaveLength(2));
    fireEvent.click(within(usersTable().closest('section')!).getByRole('button', { name: ADMIN_TEXT.loadMore }));
    await waitFor(() => expect(within(usersTable()).getAllByRole('row')).toHaveLength(3));
    expect(calls.some((c) => c.url === '/api/admin/users?limit=20&cursor=u-ada')).toBe(true);
    fireEvent.change(screen.getByLabelText(ADMIN_TEXT.usersSearch), { target: { value: 'bob' } });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/users?limit=20&q=bob')).toBe(true));
    await waitFor(() => expect(within(usersTable()).getAllByRole('row')).toHaveLength(2));
    expect(within(usersTable()).getAllByRole('row')[1]!.textContent).toContain('bob@example.com');
  });
});

describe('Run Daily Maintenance', () => {
  const report = {
    updatedCount: 2,
    resetWalletsCount: 1,
    cleanupCount: 0,
    preparedForecastsCount: 0,
    failedCount: 0,
    invariantViolations: 0,
  };

  it('reports the counts and shows the predictions it resolved', async () => {
    let resolved = false;
    serve({
      'POST /api/admin/check-predictions': () => {
        resolved = true;
        return { body: { ...report, runId: 'run-1' } };
      },
      'GET /api/predictions/all': () => ({
        body: { predictions: [aPrediction(resolved ? { status: 'hit', actualPrice: 71 } : {})], nextCursor: null },
      }),
    });
    renderWithProviders(<AdminTab />);
    await waitFor(() => expect(rowTexts()[0]?.[8]).toBe('Reserved $1'));
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.runMaintenance }));
    const text = await toast('status');
    expect(text).toContain(ADMIN_TEXT.maintenanceDone);
    expect(text).toContain('2 outcomes updated, 1 wallet reset, 0 historical predictions cleaned up');
    await waitFor(() => expect(rowTexts()[0]?.[8]).toBe('Fee $1'));
    expect(rowTexts()[0]?.[7]).toBe('Hit$71.00 (+1.4%)');
  });

  it('makes a run with invariant violations an error toast', async () => {
    serve({ 'POST /api/admin/check-predictions': { body: { ...report, invariantViolations: 2, runId: 'run-1' } } });
    renderWithProviders(<AdminTab />);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.runMaintenance }));
    const text = await toast('alert');
    expect(text).toContain(ADMIN_TEXT.maintenanceDone);
    expect(text).toContain('2 invariant violations');
  });

  it('toasts the failure', async () => {
    serve({ 'POST /api/admin/check-predictions': { status: 500, body: { message: 'down' } } });
    renderWithProviders(<AdminTab />);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.runMaintenance }));
    expect(await toast('alert')).toContain(ADMIN_TEXT.maintenanceFailed);
  });
});

describe('Local time machine', () => {
  it('is not there when the server has no settable clock', async () => {
    serve();
    renderWithProviders(<AdminTab />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: ADMIN_TEXT.timeMachineTitle })).toBeNull();
  });

  it("shows the server's today, pins a date and goes back to the real one", async () => {
    const calls = serve({
      'GET /api/admin/clock': { body: { today: '2026-11-22', pinned: false } },
      'POST /api/admin/clock': ({ body }) => {
        const { today } = body as { today: string | null };
        return { body: { today: today ?? '2026-11-22', pinned: today !== null } };
      },
    });
    renderWithProviders(<AdminTab />);
    await screen.findByText(ADMIN_TEXT.today('Nov 22, 2026', false));
    const realDate = screen.getByRole('button', { name: ADMIN_TEXT.realDate }) as HTMLButtonElement;
    expect(realDate.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(ADMIN_TEXT.dateLabel), { target: { value: '2025-06-02' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.setDate }));
    await screen.findByText(ADMIN_TEXT.today('Jun 02, 2025', true));
    expect(await toast('status')).toContain(ADMIN_TEXT.clockSet('Jun 02, 2025'));

    fireEvent.click(realDate);
    await screen.findByText(ADMIN_TEXT.today('Nov 22, 2026', false));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { today: '2025-06-02' },
      { today: null },
    ]);
    expect((screen.getByLabelText(ADMIN_TEXT.dateLabel) as HTMLInputElement).value).toBe('2026-11-22');
  });
});
