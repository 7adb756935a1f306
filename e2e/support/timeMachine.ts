import { afterAll, beforeAll } from 'vitest';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { emulatorSignIn } from '../../tools/lib/emulatorSignIn';
import { apiCall } from '../../tools/testing/api';
import { launchBrowser, type Browser, type LaunchOptions } from './browser';

/**
 * A test file's browser and the local time machine, driven as the demo admin. After the file, even after a failure,
 * the real date again (later tests on the stack expect it) and the browser closed.
 */
export function browserAndTimeMachine(launch: LaunchOptions = {}) {
  const file = {
    browser: undefined as unknown as Browser,
    adminToken: '',
    /** Sets "today" on the stack (null: the real date again). */
    pin: (today: string | null) => apiCall('/api/admin/clock', { token: file.adminToken, body: { today } }),
  };
  beforeAll(async () => {
    file.adminToken = (await emulatorSignIn(DEMO_ADMIN)).idToken;
    file.browser = await launchBrowser(launch);
  });
  afterAll(async () => {
    await file.pin(null);
    await file.browser?.close();
  });
  return file;
}
