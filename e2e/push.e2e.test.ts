import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PushMessage } from '@stockseer/contract';
import { INBOX_TEXT } from '../web/src/features/inbox/messages';
import { PUSH_TEXT } from '../web/src/features/push/messages';
import { PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { apiCall } from '../tools/testing/api';
import { startPushService, type PushService, type SubscriptionJson } from '../tools/testing/pushService';
import { APP_URL, atWidths, uniqueEmail } from './support/browser';
import { deliverPush, shownNotifications } from './support/pushDelivery';
import { signInWithChooser } from './support/signIn';
import { browserAndTimeMachine } from './support/timeMachine';

/**
 * Issue 25 item 3 in Chromium: an investor turns notifications on from the Wallet tab (only the browser's push service
 * is stood in for: PushManager's subscribe and getSubscription answer a subscription to a push service this test runs,
 * with keys it made); a forecast resolves in daily maintenance; the server pushes the run's summary with real Web Push
 * encryption; the test's push service decrypts it and hands it to the app's real service worker (DevTools protocol),
 * which shows it as a notification; clicked, it opens History, which shows the same outcome, as the inbox does. Then
 * the device is removed, and a browser that blocks notifications is told.
 */
const MADE_ON = '2026-11-02';
/** After the short forecast's target date (7 trading days after Nov 2: Nov 11). */
const RESOLVED_ON = '2026-11-13';

// The browser shows notifications through a desktop notification server of the test's own, which can click them.
const file = browserAndTimeMachine({ desktopNotifications: true });
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service?.close();
});

const card = (page: Page) => page.getByRole('region', { name: PUSH_TEXT.title });

/** The browser's push service, stood in for in every page: subscribing answers `subscription` (kept across reloads). */
async function standInPushService(page: Page, subscription: SubscriptionJson) {
  await page.context().addInitScript((json: SubscriptionJson) => {
    const KEPT = 'e2e-push-subscribed';
    const made = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(KEPT);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEPT, '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEPT) ? made() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

/** The card at each width (support/browser.ts's atWidths). */
const cardAtWidths = (page: Page, name: string) => atWidths(page, name, () => card(page).scrollIntoViewIfNeeded());

/** Runs daily maintenance as the admin and waits for the run to end. */
async function runMaintenance(): Promise<string> {
  const started = await apiCall<{ runId?: string; id?: string }>('/api/admin/check-predictions', {
    token: file.adminToken,
    body: {},
  });
  expect([200, 202]).toContain(started.status);
  const runId = started.body.runId ?? started.body.id!;
  for (let i = 0; i < 240; i++) {
    const run = await apiCall<{ state: string }>(`/api/admin/maintenance-runs/${runId}`, { token: file.adminToken });
    if (run.body.state === 'done' || run.body.state === 'failed') return runId;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`maintenance run ${runId} did not end`);
}

describe('Web Push: turned on from a button, one summary per run, shown by the service worker', () => {
  it('turns notifications on, pushes the resolved forecast, shows it, and lists and removes the device', async () => {
    const { page, context } = file.browser;
    const subscription = service.subscribe();
    await standInPushService(page, subscription.json);
    await context.grantPermissions(['notifications'], { origin: APP_URL });
    expect((await file.pin(MADE_ON)).status).toBe(200);
    await signInWithChooser(page, { email: uniqueEmail('push') });
    // The app's service worker, which subscribing goes through (installed on the first visit; slow on a busy machine).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    // Off: a button, and no prompt until it is pressed.
    await page.getByRole('tab', { name: 'Wallet', exact: true }).click();
    const turnOn = card(page).getByRole('button', { name: PUSH_TEXT.turnOn });
    // Loaded (the button waits for the server's key): on a busy machine the API may take longer than a click waits.
    await card(page).getByText(PUSH_TEXT.loading).waitFor({ state: 'detached', timeout: 120_000 });
    await cardAtWidths(page, 'push-card-off');
    await turnOn.click();
    await card(page).getByText(PUSH_TEXT.onHere).waitFor();
    const thisDevice = card(page).getByRole('listitem').filter({ hasText: PUSH_TEXT.thisDevice });
    await expect(thisDevice.textContent()).resolves.toContain('Chrome on Linux');
    await cardAtWidths(page, 'push-card-on');

    // A forecast made on Monday, resolved by the maintenance of the Friday after its target date.
    await page.getByRole('tab', { name: 'Predictions', exact: true }).click();
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('KO');
    await page.getByRole('option', { name: /KO/ }).first().click();
    await page.getByText(STOCK_TEXT.loadingChart).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: PREDICTION_TEXT.generate }).first().click();
    await page.getByRole('article').first().waitFor();
    expect((await file.pin(RESOLVED_ON)).status).toBe(200);
    const runId = await runMaintenance();

    // The push service got one push for this device: signed with the stack's key, decrypted with the device's.
    await expect.poll(() => subscription.received().length, { timeout: 30_000 }).toBe(1);
    const [pushed] = subscription.received();
    expect(pushed!.vapid.publicKey).toBe(process.env.VAPID_PUBLIC_KEY);
    const message = PushMessage.parse(JSON.parse(pushed!.payload));
    expect(message).toMatchObject({ title: 'StockSeer', tag: `run-${runId}` });
    expect(message.url).toMatch(/^\/history\?prediction=/);
    expect(message.body).toMatch(/^1 forecast resolved: 1 (hit|miss) \(free\)$/);
    const hit = message.body.includes('hit');

    // Handed to the app's real service worker as the browser's push service would: it shows the summary.
    const delivery = await deliverPush(page, pushed!.payload);
    const completed = () => delivery.recorded().find((e) => e.eventName === 'Push event completed');
    // The browser shows it only once its icon and badge have loaded from Hosting, one after the other: seconds on a
    // busy machine.
    await expect.poll(completed, { timeout: 60_000 }).toBeTruthy();
    const record = { recorded: delivery.recorded(), workerConsole: delivery.workerConsole() };
    expect(completed()!.details, JSON.stringify(record)).toEqual({ Status: 'Success' });
    expect(record.recorded).toContainEqual({
      service: 'notifications',
      eventName: 'Notification displayed',
      details: { Title: message.title, Body: message.body },
    });
    await expect(shownNotifications(page)).resolves.toEqual([
      { title: message.title, body: message.body, tag: message.tag, data: { url: message.url } },
    ]);
    await delivery.close();
    // On the desktop: the title, and the body after the site's name.
    const desktop = file.browser.desktop!;
    await expect.poll(() => desktop.shown(), { timeout: 15_000 }).toHaveLength(1);
    const [onDesktop] = desktop.shown();
    expect(onDesktop!.summary).toBe(message.title);
    expect(onDesktop!.body.endsWith(`\n\n${message.body}`), onDesktop!.body).toBe(true);

    // Clicked on the desktop, it leads the app's open window (one the worker controls, as every visit but the first) to
    // where it names, and goes away. History shows the same outcome; the inbox lists the same forecast.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    desktop.click(onDesktop!.id);
    await page.waitForURL(`${APP_URL}${message.url}`);
    await expect.poll(() => desktop.shown(), { timeout: 15_000 }).toEqual([]);
    await expect(shownNotifications(page)).resolves.toEqual([]);
    await page
      .locator('.history-table tbody tr')
      .first()
      .getByText(hit ? 'Hit' : 'Missed', { exact: true })
      .first()
      .waitFor();
    await page.getByRole('button', { name: INBOX_TEXT.bell(1), exact: true }).click();
    await page
      .getByRole('dialog', { name: INBOX_TEXT.title })
      .getByText(`KO 7-day forecast ${hit ? 'hit' : 'missed'}: free, nothing charged`)
      .waitFor();
    await page.keyboard.press('Escape');

    // Removed from the list: the server forgets the device and the browser ends its subscription.
    await page.goto(`${APP_URL}/wallet`);
    await card(page).getByText(PUSH_TEXT.onHere).waitFor();
    await thisDevice.getByRole('button', { name: /^Remove Chrome on Linux/ }).click();
    await card(page).getByRole('button', { name: PUSH_TEXT.turnOn }).waitFor();
    await expect(card(page).getByRole('listitem').count()).resolves.toBe(0);
    await expect(page.evaluate(() => localStorage.getItem('e2e-push-subscribed'))).resolves.toBeNull();
  }, 300_000);

  it('explains a browser that blocks notifications, instead of a button that cannot work', async () => {
    const { page } = file.browser;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: APP_URL,
    });
    await page.goto(`${APP_URL}/wallet`);
    await card(page).getByText(PUSH_TEXT.blocked).waitFor();
    await expect(card(page).getByRole('button', { name: PUSH_TEXT.turnOn }).count()).resolves.toBe(0);
    await cardAtWidths(page, 'push-card-blocked');
    await cdp.detach();
  }, 60_000);
});
