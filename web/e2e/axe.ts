import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (the issue's bar: WCAG 2.2 AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Theme = 'light' | 'dark';

/**
 * Runs axe on the page as it is and asserts no serious or critical violation (softly, so that one
 * run lists every failing screen). The failure message lists each rule, its impact and the selectors
 * of the elements that break it.
 */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Label in name (WCAG 2.5.3, level A) is an experimental rule of axe: not run unless asked for.
    // Only violations are sent back (passes of every node are large and unused).
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    // Results gathered in the page itself, without the blank page the default mode opens for each run
    // (our screens hold no cross-origin frame); about half the time of a check.
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `      ${n.target.join(' >> ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n\s*/g, ' ')}` : ''}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n      … and ${v.nodes.length - 8} more` : '';
      return `  ${v.id} (${v.impact}): ${v.help}\n${nodes}${more}`;
    })
    .join('\n');
  expect.soft(serious.length, `axe: serious or critical violations on ${screen}:\n${report}`).toBe(0);
}

/** Stores the theme as the theme toggle does; the next page load applies it (index.html). */
export async function storeTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((t) => window.localStorage.setItem('theme', t), theme);
}

/** The theme the page shows (the `dark` class on <html>). */
export async function currentTheme(page: Page): Promise<Theme> {
  return (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light';
}

/** Checks the page's <html> carries the theme asked for (so that a run never checks one theme twice). */
export async function expectTheme(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/);
}
