import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectTheme, storeTheme, type Theme } from './axe';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { DEMO_PASSWORD, ok, randomLetters, signIn, staffApi } from './helpers';

/**
 * Finishing touches of issue 28 (item 13): robots.txt, the staff sidebar that stays in view, sliders
 * in the product's colour in both themes, and checkboxes of the details forms that a thumb hits.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const PHONE = { width: 360, height: 740 };

test.use({
  // The recording page (its teleprompter sliders) opens the camera.
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS),
});

type Campaign = { id: string; tagName: string; links: [string, string] };

/** A campaign with a tag of its own and two invited collaborators (the links of their landing pages). */
async function campaignWithCollaborator(): Promise<Campaign> {
  const staff = await staffApi();
  const suffix = randomLetters(8);
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `Controls ${suffix}` } }));
  const tagName = `controls-${suffix}`;
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: tagName } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Controls ${suffix}`,
        description: 'Stories for the controls checks.',
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
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'What do you do?', sequence: 1 } }));
  const invite = async (who: string) =>
    (
      await ok<{ contributor: { inviteLink?: string | null } }>(
        await staff.post(`${BASE}/api/campaign/add-contributor`, {
          data: { campaignId: campaign.id, email: `${who}-${suffix}@example.org`, firstName: 'Robin', lastName: 'Thumb' },
        }),
      )
    ).contributor.inviteLink!;
  const links: [string, string] = [await invite('thumb'), await invite('slider')];
  await staff.dispose();
  return { id: campaign.id, tagName, links };
}

/**
 * Taps 20 px beside the checkbox's centre (left, right, above, below: inside a 44x44 px area around
 * it) and expects each tap to toggle it, as a thumb that misses the small box by a little would.
 */
async function expectThumbSizedCheckbox(page: Page, checkbox: Locator) {
  await checkbox.scrollIntoViewIfNeeded();
  const box = (await checkbox.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (const [dx, dy] of [[-20, 0], [20, 0], [0, -20], [0, 20]] as const) {
    const before = await checkbox.isChecked();
    await page.touchscreen.tap(centre.x + dx, centre.y + dy);
    await expect(checkbox, `a tap ${dx} px across and ${dy} px down from the box's centre toggles it`).toBeChecked({ checked: !before });
  }
}

/** The computed colour of the `--sh-primary` token in the theme shown (as `rgb(...)`). */
async function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--sh-primary)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
}

test('robots.txt is served as text: the public pages open to search engines, the API and the staff app closed', async ({ request }) => {
  const res = await request.get(`${BASE}/robots.txt`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await res.text()).split('\n').map((line) => line.trim());
  for (const line of ['User-agent: *', 'Allow: /login', 'Allow: /sign-up', 'Allow: /contributor/', 'Disallow: /api/', 'Disallow: /campaigns', 'Disallow: /users', 'Disallow: /contributor-journey']) {
    expect(lines, `robots.txt holds "${line}"`).toContain(line);
  }
});

test('the staff sidebar stays in view while a long screen scrolls on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, 'admin@storyhive-demo.org', DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto('/initiative/campaign/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create campaign' })).toBeVisible();
  const sidebar = page.locator('aside').filter({ has: page.getByRole('navigation', { name: 'Main' }) });
  await expect(sidebar).toHaveCSS('position', 'sticky');

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY), 'the screen is longer than the window').toBeGreaterThan(300);
  const link = sidebar.getByRole('link', { name: 'Campaigns' });
  await expect(link).toBeInViewport();
  const box = (await link.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(720);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  let campaign: Campaign;
  test.beforeAll(async () => {
    campaign = await campaignWithCollaborator();
  });

  /** Opens the collaborator's landing page and gives their details. */
  async function openLanding(page: Page, link: string) {
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Thumb');
  }

  test("the collaborator's details checkboxes take a thumb", async ({ page }) => {
    await openLanding(page, campaign.links[0]);
    const checkboxes = page.getByRole('checkbox');
    await expect(checkboxes.first()).toBeVisible();
    for (const checkbox of await checkboxes.all()) await expectThumbSizedCheckbox(page, checkbox);
  });

  test("the teleprompter's sliders are in the product's colour in both themes", async ({ page }) => {
    test.setTimeout(90_000);
    await openLanding(page, campaign.links[1]);
    for (const checkbox of await page.getByRole('checkbox').all()) await checkbox.check();
    await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
    await expect(page).toHaveURL(/\/contributor-journey$/);

    const colours: string[] = [];
    for (const theme of ['light', 'dark'] as Theme[]) {
      await storeTheme(page, theme);
      await page.goto('/contributor-journey/record-video');
      await expectTheme(page, theme);
      const sliders = page.getByTestId('teleprompter-controls').getByRole('slider');
      await expect(sliders).toHaveCount(3);
      const primary = await primaryColour(page);
      colours.push(primary);
      for (const slider of await sliders.all()) await expect(slider).toHaveCSS('accent-color', primary);
    }
    expect(colours[0], 'each theme has its own shade').not.toBe(colours[1]);
  });

  test("the tags of the campaign details form take a thumb", async ({ page }) => {
    await signIn(page, 'admin@storyhive-demo.org', DEMO_PASSWORD);
    await expect(page.getByTestId('staff-layout')).toBeVisible();
    await page.goto(`/initiative/campaign/${campaign.id}`);
    const tag = page.getByRole('checkbox', { name: campaign.tagName });
    await expect(tag).toBeChecked();
    await expectThumbSizedCheckbox(page, tag);
  });
});
