import { expect, test, type Page } from '@playwright/test';
import { randomLetters, signIn, staffApi, ok } from './helpers';

/**
 * Long words (a 250-character title without a space, a pasted URL) wrap on a phone instead of
 * widening the page: the contributor landing page and the staff campaign screens at 360x740.
 */

const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };
const PHONE = { width: 360, height: 740 };

type Setup = { campaignId: string; title: string; link: string };

/** A campaign whose title is one 250-character word and whose description and brief hold long URLs, with a collaborator. */
async function longWordCampaign(): Promise<Setup> {
  const staff = await staffApi();
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const title = `Longtitle${suffix}${'x'.repeat(250)}`.slice(0, 250);
  const url = `https://stories.example.org/campaigns/${'very-long-path-segment-'.repeat(12)}${suffix}?utm_source=${'newsletter'.repeat(8)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E long ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `long-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string; version: number }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: `Read the background first: ${url}`.slice(0, 500),
        initiativeId: initiative.id,
        type: 'targeted',
        visibility: 'public',
        mode: 'portrait',
        deadline: '2030-06-01',
        expiryDate: '2030-06-30',
        tags: [tag.id],
      },
    }),
  );
  await ok(await staff.post(`${BASE}/api/campaign/add-brief`, { data: { campaignId: campaign.id, version: campaign.version, brief: `<p>Our guide: ${url}</p>` } }));
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'Whatdoyoudoeverydayatworkandwhyisitworthit?', sequence: 1 } }));
  const email = `long-${suffix}@example.org`;
  const invited = await ok<{ contributor: { inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, { data: { campaignId: campaign.id, email, firstName: 'Robin', lastName: 'Longword' } }),
  );
  await staff.dispose();
  expect(invited.contributor.inviteLink, 'the invitation answer carries the link').toBeTruthy();
  return { campaignId: campaign.id, title, link: invited.contributor.inviteLink! };
}

/** Nothing makes the page wider than the screen, and `text` is shown inside it, wrapped onto several lines. */
async function expectWrapped(page: Page, text: string) {
  const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(page_.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(page_.client);
  const shown = page.getByText(text, { exact: true }).first();
  await expect(shown).toBeVisible();
  const box = (await shown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  const lineHeight = await shown.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect(box.height, 'the long word is broken onto several lines').toBeGreaterThan(lineHeight * 2);
}

test.describe('long words on a phone', () => {
  test.use({ viewport: PHONE });

  let setup: Setup;
  test.beforeAll(async () => {
    setup = await longWordCampaign();
  });

  test('the contributor landing page wraps the title, the description and the brief', async ({ page }) => {
    await page.goto(setup.link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(setup.title);
    await expectWrapped(page, setup.title);
    for (const part of [page.getByText(/^Read the background first: https:/), page.getByText(/^Our guide: https:/)]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The details form below still fits the screen's width.
    for (const control of [page.getByLabel('First name'), page.getByRole('button', { name: 'Get started' })]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('the staff campaign list and campaign screen wrap the title', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByTestId('staff-layout')).toBeVisible();

    await page.goto('/campaigns');
    await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('link', { name: setup.title })).toBeVisible();
    const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(size.scroll, 'the campaign list scrolls sideways').toBeLessThanOrEqual(size.client);
    // The title breaks inside its column (the table may scroll in its own box, not the page).
    const titleBox = (await page.getByRole('link', { name: setup.title }).boundingBox())!;
    expect(titleBox.width).toBeLessThan(PHONE.width);

    await page.goto(`/initiative/campaign/${setup.campaignId}`);
    await expect(page.getByLabel('Title')).toHaveValue(setup.title);
    await expectWrapped(page, setup.title);
  });
});
