import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { ADMIN_ALERTS_MAX_PAGE, AdminAlertsPage, ERROR_MESSAGES, type AdminAlert } from '@stockseer/contract';
import { apiCall } from '../../../../tools/testing/api';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { recordWebhookAlert } from '../../adapters/firestore/alerts';

/**
 * The Admin tab's Payment alerts, a page at a time (`GET /api/admin/alerts?limit&cursor`): the shared stack holds
 * other test files' alerts too, and they may come while this one reads, so the test follows its own.
 */
const { db } = adminSdk();
let admin: string;

beforeAll(async () => {
  admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
});

const alerts = (query: string) => apiCall<unknown>(`/api/admin/alerts?${query}`, { token: admin });

describe('GET /api/admin/alerts', () => {
  it('pages the alerts newest first: each page starts after the one before, and every alert comes once', async () => {
    const run = `alerts-paging-${Date.now()}`;
    const now = Date.now();
    for (const i of [0, 1, 2, 3, 4]) {
      const at = new Date(now + i);
      await recordWebhookAlert(db, { eventId: `${run}-${i}`, eventType: 'test.paging', reason: 'paged', now: at });
    }
    const seen: AdminAlert[] = [];
    const mine = () => seen.filter((alert) => alert.eventId.startsWith(run)).map((alert) => alert.eventId);
    let cursor: string | null = null;
    do {
      const answer = await alerts(`limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status).toBe(200);
      const page = AdminAlertsPage.parse(answer.body);
      // A page is full unless it is the last; its cursor is its last alert.
      if (page.nextCursor !== null) expect(page.alerts.map((a) => a.id).at(-1)).toBe(page.nextCursor);
      if (page.nextCursor !== null) expect(page.alerts).toHaveLength(2);
      seen.push(...page.alerts);
      cursor = page.nextCursor;
    } while (cursor !== null && mine().length < 5 && seen.length < 10 * ADMIN_ALERTS_MAX_PAGE);
    expect(mine()).toEqual([4, 3, 2, 1, 0].map((i) => `${run}-${i}`));
    expect(new Set(seen.map((alert) => alert.id)).size).toBe(seen.length);
    const stamps = seen.map((alert) => alert.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('answers 20 at most by default, and refuses a page size out of bounds or a cursor that names no alert', async () => {
    const first = await alerts('');
    expect(first.status).toBe(200);
    expect(AdminAlertsPage.parse(first.body).alerts.length).toBeLessThanOrEqual(20);
    for (const query of ['limit=0', `limit=${ADMIN_ALERTS_MAX_PAGE + 1}`, 'limit=two']) {
      expect((await alerts(query)).status, query).toBe(400);
    }
    const unknown = await alerts('cursor=webhook%3Aevt_none');
    expect([unknown.status, unknown.body]).toEqual([400, { message: ERROR_MESSAGES.alertCursor }]);
  });
});
