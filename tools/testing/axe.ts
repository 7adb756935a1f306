import AxeBuilder from '@axe-core/playwright';
import type { ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** What fails a test: a serious or critical violation. Moderate and minor ones are reported, not failed. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

export interface AxeScope {
  /** Only this part of the page (a CSS selector); the whole page by default. */
  include?: string;
  /** Parts of the page to leave out, each with the reason in the caller. */
  exclude?: string[];
}

/** One line per violation, then one indented line per element: `id (impact): help`, selector, what to fix. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const fix = n.failureSummary?.split('\n').slice(1).join(' ').trim();
        return `    ${n.target.join(' ')}${fix ? `: ${fix}` : ''}`;
      });
      return [`- ${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]`, ...nodes].join('\n');
    })
    .join('\n');
}

/** Runs axe-core on what the page shows now and returns its violations of AXE_TAGS. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<Result[]> {
  // Legacy mode runs axe inside the page. The default mode finishes each run in a new blank tab, which takes the
  // window's focus: the page's focused control blurs (a combobox closes its list) and focus does not always come
  // back, so keyboard tests would go astray. The price: cross-origin frames are not scanned, and the screens tested
  // have none (the local stack's card form is the sandbox's, not Stripe's iframe).
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  return (await builder.analyze()).violations;
}

/**
 * Fails, with a readable list (rule, impact, selectors, help), when axe finds a serious or critical violation on what
 * the page shows now. `screen` names what is on screen in the message.
 */
export async function expectAccessible(page: Page, screen: string, scope: AxeScope = {}): Promise<void> {
  const failing = (await axeViolations(page, scope)).filter((v) => v.impact && FAILING.includes(v.impact));
  if (failing.length > 0) {
    throw new Error(
      `${failing.length} serious or critical accessibility violation(s) on ${screen}:\n${describeViolations(failing)}`,
    );
  }
}
