import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMPTY_MAINTENANCE_REPORT, type MaintenanceRun } from '@stockseer/contract';
import { MaintenanceCard } from './MaintenanceCard';
import { BUTTON_WAIT_SECONDS } from './maintenanceApi';
import { MAINTENANCE_TEXT } from './maintenanceMessages';
import { ADMIN_TEXT } from './messages';
import { fakeApi, renderWithProviders } from './admin.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));
afterEach(() => {
  vi.unstubAllGlobals();
});

const REPORT = EMPTY_MAINTENANCE_REPORT;
const aRun = (overrides: Partial<MaintenanceRun> = {}): MaintenanceRun => ({
  id: 'run-1',
  state: 'running',
  trigger: 'manual',
  today: '2025-06-16',
  startedAt: '2025-06-16T21:00:00.000Z',
  endedAt: null,
  report: REPORT,
  shardCount: 3,
  shardsDone: 1,
  shardsFailed: 0,
  steps: { settle: { shardCount: 3, shardsDone: 1, shardsFailed: 0 } },
  error: null,
  ...overrides,
});
const toastText = async (role: 'status' | 'alert') =>
  (await screen.findAllByRole(role, {}, { timeout: 4000 })).map((t) => t.textContent ?? '').join(' ');

describe('a maintenance run longer than the wait', () => {
  it('answers 202: the card shows its progress, then the counts when it ends, and lists it', async () => {
    const done = aRun({
      state: 'done',
      shardsDone: 3,
      endedAt: '2025-06-16T21:00:42.000Z',
      report: { ...REPORT, updatedCount: 1200, resetWalletsCount: 3 },
    });
    let reads = 0;
    const onDone = vi.fn();
    const calls = fakeApi({
      'POST /api/admin/check-predictions': { status: 202, body: aRun() },
      // Empty before the click, then the run going, then ended.
      'GET /api/admin/maintenance-runs': () => ({ body: [[], [aRun()], [done]][Math.min(reads++, 2)] }),
    });
    renderWithProviders(<MaintenanceCard onDone={onDone} />);
    await screen.findByText(MAINTENANCE_TEXT.noRuns);

    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.runMaintenance }));
    const bar = await screen.findByRole('progressbar', { name: MAINTENANCE_TEXT.progressLabel });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText(MAINTENANCE_TEXT.progress(1, 3))).toBeTruthy();
    expect(screen.getByRole('button', { name: ADMIN_TEXT.runningMaintenance })).toHaveProperty('disabled', true);

    const text = await toastText('status');
    expect(text).toContain(ADMIN_TEXT.maintenanceDone);
    expect(text).toContain('1200 outcomes updated, 3 wallets reset, 0 historical predictions cleaned up');
    expect(onDone).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText(MAINTENANCE_TEXT.states.done)).toBeTruthy();
    expect(screen.getByText(/took 42 s/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ waitSeconds: BUTTON_WAIT_SECONDS });
  });

  it('shows a scheduled run already going, which the button joins, and lists failures of earlier runs', async () => {
    const failed = aRun({
      id: 'run-0',
      state: 'failed',
      trigger: 'scheduled',
      shardsDone: 2,
      shardsFailed: 1,
      endedAt: '2025-06-13T21:05:00.000Z',
      report: { ...REPORT, updatedCount: 40, failedCount: 12 },
    });
    fakeApi({ 'GET /api/admin/maintenance-runs': { body: [aRun({ trigger: 'scheduled', id: 'run-2' }), failed] } });
    renderWithProviders(<MaintenanceCard onDone={() => {}} />);
    await screen.findByRole('progressbar', { name: MAINTENANCE_TEXT.progressLabel });
    expect(screen.getByRole('button', { name: ADMIN_TEXT.runMaintenance })).toHaveProperty('disabled', false);
    expect(screen.getAllByText(/^Scheduled/)).toHaveLength(2);
    expect(screen.getByText(MAINTENANCE_TEXT.states.failed)).toBeTruthy();
    expect(screen.getByText(/12 failed \(retried on the next run\)/).textContent).toContain(
      MAINTENANCE_TEXT.shardsFailed(1),
    );
  });

  it('a run that failed before counting anything is the failure toast', async () => {
    let reads = 0;
    const failed = aRun({ state: 'failed', shardCount: 0, shardsDone: 0, endedAt: '2025-06-16T21:00:01.000Z' });
    fakeApi({
      'POST /api/admin/check-predictions': {
        status: 202,
        body: aRun({ state: 'queued', shardCount: 0, shardsDone: 0 }),
      },
      'GET /api/admin/maintenance-runs': () => ({ body: reads++ === 0 ? [] : [failed] }),
    });
    renderWithProviders(<MaintenanceCard onDone={() => {}} />);
    await screen.findByText(MAINTENANCE_TEXT.noRuns);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.runMaintenance }));
    expect(await toastText('alert')).toContain(ADMIN_TEXT.maintenanceFailed);
  });
});
