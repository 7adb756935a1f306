import type { Page } from 'playwright-core';

/** Waits until the balance labelled `label` reads exactly `value` (it reads '…' while the wallet loads). */
export const balanceShows = (page: Page, label: string, value: string) =>
  page
    .locator('.balance', { has: page.locator('dt', { hasText: label }) })
    .locator('.balance-value', { hasText: new RegExp(`^${value.replace(/[$.]/g, '\\$&')}$`) })
    .waitFor();
