/**
 * The bench's second market day: the admin's time machine moves "today" on by a trading day, and daily maintenance
 * runs through its real trigger, as the scheduler starts it after the close. Both through Hosting and the `api`
 * function, as the demo admin.
 */
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { MaintenanceFinished, MaintenanceRun, MaintenanceRunDetail, type MaintenanceReport } from '@stockseer/contract';
import { emulatorSignIn } from '../../tools/lib/emulatorSignIn';
import { apiCall } from '../../tools/testing/api';

export interface Admin {
  token: string;
}

export async function signInAdmin(): Promise<Admin> {
  return { token: (await emulatorSignIn(DEMO_ADMIN)).idToken };
}

async function asAdmin(admin: Admin, path: string, body?: unknown) {
  const res = await apiCall(path, { token: admin.token, body });
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Pins the API's today (the local stack's time machine). */
export async function setToday(admin: Admin, today: string): Promise<void> {
  await asAdmin(admin, '/api/admin/clock', { today });
}

const POLL_MS = 500;

/** Starts a maintenance run and waits for it: its report and how long it took, start to end. */
export async function runMaintenance(admin: Admin): Promise<{ seconds: number; report: MaintenanceReport }> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const answer = await asAdmin(admin, '/api/admin/check-predictions', { waitSeconds: 0 });
  // A run with nothing to do ends within the wait (200 and its counts); any other answers 202 and is followed.
  const finished = MaintenanceFinished.safeParse(answer);
  if (finished.success) return { seconds: seconds(), report: finished.data };
  const { id } = MaintenanceRun.parse(answer);
  for (;;) {
    const run = MaintenanceRunDetail.parse(await asAdmin(admin, `/api/admin/maintenance-runs/${id}`));
    if (run.state === 'failed') throw new Error(`maintenance run ${id} failed: ${JSON.stringify(run.report)}`);
    if (run.state === 'done') return { seconds: seconds(), report: run.report };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
