import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** A short description of the focused element, for failure messages: tag, role and name or text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name.trim().slice(0, 40)}"`;
  });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails, listing what focus passed
 * through, if it is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 30 } = {}): Promise<void> {
  await target.waitFor();
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
    passed.push(await describeFocus(page));
  }
  throw new Error(
    `Not reached by ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus went:\n${passed.join('\n')}`,
  );
}

/** Waits until `target` has focus (focus moved there by the app, not by the test). */
export async function expectFocusOn(target: Locator): Promise<void> {
  await target.waitFor();
  const handle = await target.elementHandle();
  await target.page().waitForFunction((el) => el === document.activeElement, handle, { timeout: 5_000 });
}

/** The focused element shows where focus is: a visible outline or a box shadow (a focus ring). */
export async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { focused: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { focused: true, outline, shadow: style.boxShadow !== 'none', matches: el.matches(':focus-visible') };
  });
  expect(ring, await describeFocus(page)).toMatchObject({ focused: true, matches: true });
  expect(ring.outline || ring.shadow, `no focus ring on ${await describeFocus(page)}`).toBe(true);
}

/**
 * Tab and Shift+Tab cycle inside `dialog`: a full round in each direction never leaves it and comes back to where
 * it started.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const controls = await dialog.evaluate(
    (el) =>
      Array.from(el.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')).filter(
        (c) => !c.matches(':disabled, [tabindex="-1"], [type="hidden"]') && c.getClientRects().length > 0,
      ).length,
  );
  expect(controls).toBeGreaterThan(1);
  const focusedInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  const start = await page.evaluateHandle(() => document.activeElement);
  expect(await focusedInside(), `focus starts outside the dialog: ${await describeFocus(page)}`).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls; i++) {
      await page.keyboard.press(key);
      expect(await focusedInside(), `${key} left the dialog: ${await describeFocus(page)}`).toBe(true);
    }
    expect(await page.evaluate((el) => el === document.activeElement, start), `${key} round`).toBe(true);
  }
}

/** Escape closes `dialog` and focus goes back to `opener`, the control that opened it. */
export async function expectEscapeReturnsFocus(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(opener);
}

/**
 * Counts pointer events (mouse, touch, pen) in the page from now on: a keyboard-only walk ends with none.
 * Call before the page loads; the count survives navigations within the context.
 */
export async function countPointerEvents(page: Page): Promise<() => Promise<number>> {
  await page.context().addInitScript(() => {
    const key = 'stockseer-e2e-pointer-events';
    addEventListener(
      'pointerdown',
      () => sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1)),
      true,
    );
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('stockseer-e2e-pointer-events') ?? 0));
}
