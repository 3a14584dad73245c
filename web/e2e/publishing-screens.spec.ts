import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, expectTheme, storeTheme, type Theme } from './axe';
import { DEMO_PASSWORD, ok, signIn } from './helpers';
import { ADMIN, BASE, CHROMIUM, makeWorld, publishAnswer, shortTake, type World } from './publishing-world';

/**
 * The publishing screens and controls (issue 22) on a 390 px phone, in both themes: axe finds nothing
 * serious or critical, nothing is wider than the screen, and every control of publishing is a 44 px
 * tap target: the Published screen (an item's links and snippets open), Walls (the editor and a
 * wall's codes open), a published answer in the inbox, the consent on a collaborator, and the
 * collaborator's own "Withdraw my consent" on their link.
 */
const PHONE = { width: 390, height: 844 };
test.use({ ...CHROMIUM, viewport: PHONE, hasTouch: true, isMobile: true });
test.describe.configure({ mode: 'serial' });

let world: World;
let wallTitle: string;

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const file = testInfo.outputPath('answer.webm');
  shortTake(file);
  world = await makeWorld(browser, file, [['Rania', 'Saleh']]);
  const published = await publishAnswer(world, world.people[0]!, `Rania's harbour, a story long enough to wrap on a phone`);
  wallTitle = `Harbour wall ${Date.now().toString(36)}`;
  await ok(await world.staff.post(`${BASE}/api/walls`, { data: { title: wallTitle, publicationIds: [published.publicationId] } }));
});

test.afterAll(async () => {
  await world?.staff.dispose();
});

/** Controls of publishing below 44 px high or wide, and anything reaching past the screen's edge. */
async function expectFitsAndTappable(page: Page, what: string) {
  const found = await page.evaluate((width) => {
    const regions = '[data-testid=publish-control], [data-testid=publication-row], [data-testid=wall-row], [data-testid=wall-editor], [data-testid=consent-panel], [data-testid=consent-section], [data-testid=publishing-totals]';
    const controls = [...document.querySelectorAll(regions)].flatMap((r) => [...r.querySelectorAll('button, a[href], input:not([type=checkbox]):not([type=radio]), select, textarea')]);
    const small = controls
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    const outside = [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .map((el) => `${el.tagName.toLowerCase()}.${(el.className || '').toString().slice(0, 40)}`)
      .slice(0, 5);
    return { small, outside, scrollWidth: document.documentElement.scrollWidth };
  }, PHONE.width);
  expect.soft(found.small, `${what}: controls under 44 px`).toEqual([]);
  expect.soft(found.outside, `${what}: elements past the screen's edge`).toEqual([]);
  expect.soft(found.scrollWidth, `${what}: page wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

async function check(page: Page, what: string) {
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await expectNoSeriousViolations(page, what);
  await expectFitsAndTappable(page, what);
}

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`publishing screens on a phone, ${theme} theme`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ ...CHROMIUM, viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.route(/support-chat\.storyhive\.invalid/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/login');
    await storeTheme(page, theme);
    await page.reload();
    await signIn(page, ADMIN, DEMO_PASSWORD);
    await expect(page.getByTestId('staff-layout')).toBeVisible();
    await expectTheme(page, theme);

    await page.goto('/publications');
    await expect(page.getByRole('heading', { level: 1, name: 'Published' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Publications' }).getByRole('listitem').filter({ hasText: 'Rania S.' }).first();
    await row.getByRole('button', { name: /^Share and embed/ }).click();
    await expect(row.getByTestId('publication-details')).toBeVisible();
    await check(page, `Published, ${theme}`);

    await page.goto('/walls');
    await expect(page.getByRole('heading', { level: 1, name: 'Walls' })).toBeVisible();
    const wall = page.getByRole('list', { name: 'Walls' }).getByRole('listitem', { name: wallTitle });
    await wall.getByRole('button', { name: `Embed codes of ${wallTitle}` }).click();
    await page.getByRole('button', { name: 'New wall' }).click();
    await expect(page.getByTestId('wall-editor')).toBeVisible();
    await page.getByRole('button', { name: /^Add / }).first().click();
    await check(page, `Walls with the editor, ${theme}`);

    await page.goto(`/responses?campaignId=${world.campaignId}&status=approved`);
    const card = page.getByRole('list', { name: 'Answers' }).getByRole('listitem').first();
    await card.getByRole('button', { name: /^Share and embed/ }).click();
    await expect(card.getByTestId('publication-details')).toBeVisible();
    await check(page, `inbox with a published answer, ${theme}`);

    await page.goto(`/initiative/campaign/${world.campaignId}`);
    await expect(page.getByTestId('publishing-totals')).toBeVisible();
    await expect(page.getByTestId('consent-given').first()).toBeVisible();
    await check(page, `campaign with consent and totals, ${theme}`);

    // The collaborator's link, in its own context (no staff session).
    const collaborator = await browser.newContext({ ...CHROMIUM, viewport: PHONE, hasTouch: true, isMobile: true });
    const landing = await collaborator.newPage();
    await landing.goto(world.people[0]!.link);
    await storeTheme(landing, theme);
    await landing.reload();
    await expect(landing.getByTestId('consent-section')).toBeVisible();
    await landing.getByRole('button', { name: 'Withdraw my consent' }).click();
    await expect(landing.getByRole('dialog', { name: 'Withdraw your consent?' })).toBeVisible();
    await check(landing, `collaborator's withdrawal dialog, ${theme}`);
    await collaborator.close();
    await context.close();
  });
}
