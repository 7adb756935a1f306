import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../../tools/testing/chromium';
import { startDesktopNotifications, type DesktopNotifications } from './desktopNotifications';

export const APP_URL = process.env.STOCKSEER_APP_URL ?? 'http://127.0.0.1:5000';
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** What the Content-Security-Policy refused so far; `close` fails when any is left. */
  cspViolations: string[];
  /** With `desktopNotifications`: the desktop's notification server the browser shows notifications through. */
  desktop?: DesktopNotifications;
  close: () => Promise<void>;
}

export interface LaunchOptions {
  /** When a test routes requests (workers bypass routes). */
  blockServiceWorkers?: boolean;
  /** A desktop notification server of the test's own (support/desktopNotifications.ts), to see and click them. */
  desktopNotifications?: boolean;
}

/** A fresh profile per test file. */
export async function launchBrowser({
  blockServiceWorkers = false,
  desktopNotifications = false,
}: LaunchOptions = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'stockseer-e2e-'));
  const desktop = desktopNotifications ? await startDesktopNotifications() : undefined;
  const context = await chromium
    .launchPersistentContext(userDataDir, {
      executablePath: await chromiumPath(),
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 860 },
      serviceWorkers: blockServiceWorkers ? 'block' : 'allow',
      ...(desktop && {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: desktop.busAddress } as Record<string, string>,
      }),
    })
    .catch(async (error: unknown) => {
      // A browser that did not start leaves no bus behind either.
      await desktop?.close();
      throw error;
    });
  const violations = await watchCspViolations(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    cspViolations: violations,
    desktop,
    close: async () => {
      await context.close();
      await desktop?.close();
      rmSync(userDataDir, { recursive: true, force: true });
      // The CSP must allow everything the app does: a refusal anywhere fails the test file (its afterAll).
      if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
  };
}

/**
 * Collects what the Content-Security-Policy refused in any page or frame of `context`: Chromium's own console
 * report ("Refused to load ...") and, to be sure, the page's `securitypolicyviolation` events.
 */
async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} in ${e.documentURI}`);
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/^CSP violation: |Content Security Policy/.test(text)) violations.push(`${message.page()?.url()}: ${text}`);
  });
  return violations;
}

/** The whole page by default; `fullPage: false` for what the viewport shows (a modal dialog and its backdrop). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/** The widths every screen is judged at: a desktop and two phones. */
export const SCREEN_WIDTHS = [1280, 390, 320] as const;

/**
 * What `show` brings into view, at each width (`{name}-{width}.png`): the viewport only by default, so the part judged
 * is seen at its real size (`fullPage: true` for the whole page). The viewport is 1280 wide again after.
 */
export async function atWidths(
  page: Page,
  name: string,
  show: () => Promise<void> = async () => {},
  { fullPage = false } = {},
): Promise<void> {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await show();
    await screenshot(page, `${name}-${width}`, { fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A unique e-mail per run so tests never share an account with each other or with a previous run. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
