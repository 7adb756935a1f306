import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_BOUNDARY_TEXT } from '../web/src/components/errorBoundaryMessages';
import { WALLET_TEXT } from '../web/src/features/wallet/messages';
import { emulatorLogLine } from '../tools/testing/stackLog';
import { launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';

/**
 * A render error in the real app (issue 27): forced from outside, with no hook in the app's code. The page's money
 * formatter (Intl.NumberFormat) throws while the test sets a flag, so the Wallet tab fails to render. The tab's
 * error boundary shows its fallback (the header and the tab bar stay), the error reaches the server's log as an
 * ERROR, and the tab renders again once the cause is gone.
 */
let browser: Browser;
const FORCED = `forced render error ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  await browser.context.addInitScript((message) => {
    const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get(this: Intl.NumberFormat) {
        const real = format.get!.call(this) as (n: number) => string;
        return (n: number) => {
          if ((window as { breakRendering?: boolean }).breakRendering) throw new Error(message);
          return real(n);
        };
      },
    });
  }, FORCED);
});
afterAll(async () => {
  await browser?.close();
});

describe('a render error', () => {
  it('shows the fallback instead of a blank app, reaches the server as an ERROR, and recovers', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email: uniqueEmail('render-error') });
    await page.evaluate(() => Object.assign(window, { breakRendering: true }));
    await page.getByRole('tab', { name: 'Wallet', exact: true }).click();

    const fallback = page.getByRole('alert').filter({ hasText: ERROR_BOUNDARY_TEXT.title });
    await fallback.waitFor();
    await page.getByRole('tab', { name: 'Wallet', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: ERROR_BOUNDARY_TEXT.reload }).isVisible()).toBe(true);
    await screenshot(page, 'error-boundary-fallback');
    const line = await emulatorLogLine((l) => l.includes(FORCED) && l.includes('"severity":"ERROR"'), 15_000);
    expect(line).toBeDefined();
    expect(line).toContain('"source":"web"');
    expect(line).toContain('"kind":"render"');
    expect(line).not.toContain('render-error-'); // the account's e-mail stays out of the report

    await page.evaluate(() => Object.assign(window, { breakRendering: false }));
    await page.getByRole('button', { name: ERROR_BOUNDARY_TEXT.retry }).click();
    await page.getByText(WALLET_TEXT.available).first().waitFor();
    expect(await fallback.count()).toBe(0);
  });
});
