import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyRequestsMessage } from '@stockseer/contract';
import { FAILED_READ_TEXT } from '../web/src/lib/failedReadText';
import { rateLimitsFromEnv } from '../functions/src/adapters/rateLimitsFromEnv';
import { adminSdk } from '../tools/lib/adminSdk';
import { emulatorSignIn } from '../tools/lib/emulatorSignIn';
import { apiCall } from '../tools/testing/api';
import { APP_URL, atWidths, launchBrowser, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';

/**
 * A stock card that met the user's market-data rate limit recovers by itself once the limit's Retry-After has passed,
 * and meanwhile says what is true: it is trying again (no "try again in 8 seconds" that stays on screen for a minute)
 * and offers Retry.
 */
const { db } = adminSdk();
/** The stack's functions read the same environment as this test. */
const limit = rateLimitsFromEnv(process.env)['marketData.fetch'].limit;
const SYMBOL = 'ADP';
const email = uniqueEmail('rate-limited-card');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Spends the user's provider calls for the minute: symbols never seen are a provider call each (404 from the demo). */
async function useUpMarketDataLimit(token: string) {
  let unseen = Date.now() % 1_000_000;
  for (let i = 0; i <= limit + 5; i++) {
    const { status } = await apiCall(`/api/stocks/ZQ${(unseen++).toString(36).toUpperCase()}`, { token });
    if (status === 429) return;
  }
  throw new Error(`no 429 after ${limit + 5} provider calls`);
}

describe('a rate-limited stock card', () => {
  it('says it is trying again, offers Retry, and shows the quote once the Retry-After has passed', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email });
    const { uid, idToken } = await emulatorSignIn({ email, displayName: 'Rate limited' });
    // The card's quote must be a provider call: nothing cached for it.
    const quotes = await db.collection('marketQuotes').get();
    await Promise.all(quotes.docs.filter((d) => d.id.endsWith(`:${SYMBOL}`)).map((d) => d.ref.delete()));
    await useUpMarketDataLimit(idToken);

    // The stock picked before, as after a reload.
    await page.evaluate(({ key, symbol }) => localStorage.setItem(key, symbol), {
      key: `stockseer.selectedSymbol.${uid}`,
      symbol: SYMBOL,
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/stocks/${SYMBOL}`);
    await page.goto(`${APP_URL}/`);
    const first = await answered;
    expect(first.status()).toBe(429);
    const retryAfter = Number(first.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);

    const card = page.locator('.stock-card');
    await card.getByText(FAILED_READ_TEXT.retryingSoon(429)).waitFor();
    await card.getByRole('button', { name: FAILED_READ_TEXT.retry }).waitFor();
    // No count of seconds that is true only when the answer came.
    expect(await card.innerText()).not.toContain(tooManyRequestsMessage(retryAfter));
    await atWidths(page, 'rate-limited-card', () => card.scrollIntoViewIfNeeded());

    // Nobody clicks: the quote comes once the limit lets it (plus a retry or two while the window slides).
    await page.getByRole('region', { name: `${SYMBOL} quote` }).waitFor({ timeout: (retryAfter + 30) * 1000 });
    await page.getByRole('img', { name: new RegExp(`^${SYMBOL} closed at`) }).waitFor({ timeout: 30_000 });
  }, 150_000);
});
