import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomLetters, signIn, staffApi, ok } from './helpers';

/** The seeded admin of the demo organisation (infra/gateway/src/seed.rs). */
const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };
const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
/** Where the local stack sends support mail: support@ the SES sender's domain (no-reply@storyhive.local). */
const SUPPORT_EMAIL = process.env.E2E_SUPPORT_EMAIL ?? 'support@storyhive.local';
/** The chat script the e2e build is configured with (infra/scripts/test.sh sets both). */
const CHAT_URL = process.env.E2E_SUPPORT_CHAT_SCRIPT_URL ?? '';

/** A campaign of the demo organisation with one question and an invited collaborator; returns its title and the link. */
async function campaignWithCollaborator(staff: APIRequestContext, suffix: string) {
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E tips ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `tips-${suffix}`.slice(0, 30) } }));
  const title = `Tips campaign ${suffix}`;
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: { title, description: 'Stories for the tips test.', initiativeId: initiative.id, type: 'evergreen', visibility: 'public', mode: 'landscape', tags: [tag.id] },
    }),
  );
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'Why do you volunteer?' } }));
  const invited = await ok<{ contributor: { inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email: `tips-${suffix}@example.org`, firstName: 'Robin', lastName: 'Tipsreader' },
    }),
  );
  expect(invited.contributor.inviteLink).toBeTruthy();
  return { title, link: invited.contributor.inviteLink! };
}

/** Opens the dev mailbox until a message to `to` holding `text` shows; returns that message. */
async function mailInMailbox(page: Page, to: string, text: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto('/_dev/mailbox');
    const mail = page.locator(`article.mail[data-to="${to}"]`).filter({ hasText: text });
    if ((await mail.count()) > 0) return mail.first();
    expect(Date.now() < deadline, `a mail to ${to} about "${text}"`).toBeTruthy();
    await page.waitForTimeout(1000);
  }
}

test('an admin manages guidelines, a collaborator sees them as recording tips, help and editor requests go out', async ({
  page,
  browser,
}) => {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const staff = await staffApi();
  const { title: campaignTitle, link } = await campaignWithCollaborator(staff, suffix);
  // The demo organisation starts without guidelines, whatever other specs left behind.
  for (;;) {
    const page1 = await ok<{ items: { id: string }[] }>(await staff.get(`${BASE}/api/guideline/list`));
    if (page1.items.length === 0) break;
    for (const g of page1.items) await ok(await staff.delete(`${BASE}/api/guideline/delete/${g.id}`));
  }

  await signIn(page, ADMIN.email, ADMIN.password, '/admin-login');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Guidelines' }).click();
  await expect(page).toHaveURL(/\/guidelines$/);
  await expect(page.getByText('No guidelines present')).toBeVisible();

  // A title with two guidelines; the form checks the spec's rule first.
  const heading = `Light ${suffix}`;
  await page.getByRole('button', { name: 'Add title' }).click();
  const dialog = page.getByRole('dialog', { name: 'New guideline title' });
  await dialog.getByRole('button', { name: 'Add title' }).click();
  await expect(dialog.getByText('Title is a required field')).toBeVisible();
  await dialog.getByLabel('Title').fill(heading);
  await dialog.getByRole('textbox', { name: 'Guideline 1' }).fill('Face a window');
  await dialog.getByRole('button', { name: 'Add another guideline' }).click();
  await dialog.getByRole('textbox', { name: 'Guideline 2' }).fill('Avoid backlight');
  await dialog.getByRole('button', { name: 'Add title' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Guideline title added successfully' })).toBeVisible();
  const card = page.getByRole('article', { name: heading });
  await expect(card.getByText('Avoid backlight')).toBeVisible();

  // Edit a guideline.
  await card.getByRole('button', { name: 'Edit Avoid backlight' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit guideline' });
  await edit.getByRole('textbox', { name: 'Guideline' }).fill('Keep the light in front of you');
  await edit.getByRole('button', { name: 'Save guideline' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Guideline updated successfully' })).toBeVisible();
  await expect(card.getByText('Keep the light in front of you')).toBeVisible();
  await expect(card.getByText('Avoid backlight')).toHaveCount(0);

  // The collaborator's landing page shows them as recording tips (a browser of their own).
  const collaborator = await browser.newContext();
  const landing = await collaborator.newPage();
  await landing.goto(link);
  const tips = landing.getByRole('region', { name: 'Recording tips' });
  await expect(tips.getByRole('heading', { name: heading })).toBeVisible();
  await expect(tips.getByText('Face a window')).toBeVisible();
  await expect(tips.getByText('Keep the light in front of you')).toBeVisible();
  await collaborator.close();

  // Delete the title: the confirm button locks for 5 seconds after the click.
  await card.getByRole('button', { name: 'Delete title' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete guideline title?' });
  await expect(confirm.getByText('also deletes its 2 guidelines')).toBeVisible();
  const button = confirm.getByRole('button', { name: 'Delete' });
  // Hold the deletion's answer a moment, to see the button locked meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/guideline/delete/*', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('data-locked', 'true');
  release();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Guideline title deleted successfully' })).toBeVisible();
  await expect(page.getByText('No guidelines present')).toBeVisible();

  // Help: a category and a message, to the support address (and a copy to the sender).
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Help' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Category is a required field')).toBeVisible();
  await expect(page.getByText('Please write your message')).toBeVisible();
  const question = `The teleprompter stutters ${suffix}`;
  await page.getByLabel('Category').selectOption('Technical Support');
  await page.getByLabel('Message').fill(question);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Help request sent successfully' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your help requests' }).getByText(question)).toBeVisible();
  const toSupport = await mailInMailbox(page, SUPPORT_EMAIL, question);
  await expect(toSupport.locator('.subject')).toHaveText('Help request');
  await expect(toSupport).toContainText(ADMIN.email);
  await mailInMailbox(page, ADMIN.email, question);

  // Request an editor for the campaign; the request shows in the sender's list as requested.
  await page.goto('/request-editor');
  await page.getByLabel('Find a campaign').fill(campaignTitle);
  await expect(page.getByLabel('Campaign', { exact: true }).locator('option', { hasText: campaignTitle })).toHaveCount(1);
  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: campaignTitle });
  await page.getByLabel('Message').fill(`Please cut a 2-minute film ${suffix}`);
  await page.getByRole('button', { name: 'Request an editor' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Editor request sent successfully' })).toBeVisible();
  const row = page.getByRole('list', { name: 'Your editor requests' }).getByRole('listitem').filter({ hasText: campaignTitle });
  await expect(row.getByText('Requested', { exact: true })).toBeVisible();
  await expect(row.getByText(`Please cut a 2-minute film ${suffix}`)).toBeVisible();
  await staff.dispose();
});

test('the support chat widget loads on staff pages, never on contributor pages', async ({ page, browser }) => {
  expect(CHAT_URL, 'the e2e build is configured with a chat script (infra/scripts/test.sh sets E2E_SUPPORT_CHAT_SCRIPT_URL)').not.toBe('');
  const staff = await staffApi();
  const { link } = await campaignWithCollaborator(staff, `${Date.now().toString(36)}${randomLetters(4)}`);
  await staff.dispose();

  // The widget's script, served by the test: it marks the page when it runs.
  const widget = 'window.__supportChatLoaded = (window.__supportChatLoaded || 0) + 1;';
  const fulfil = { status: 200, contentType: 'application/javascript', body: widget };

  await page.route(CHAT_URL, (route) => route.fulfill(fulfil));
  await signIn(page, ADMIN.email, ADMIN.password, '/admin-login');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await expect(page.locator('script[data-support-chat]')).toHaveAttribute('src', CHAT_URL);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __supportChatLoaded?: number }).__supportChatLoaded)).toBe(1);
  // Moving between staff screens keeps one widget.
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.locator('script[data-support-chat]')).toHaveCount(1);

  // A collaborator's pages never ask for it.
  const collaborator = await browser.newContext();
  const landing = await collaborator.newPage();
  const asked: string[] = [];
  await landing.route(CHAT_URL, (route) => {
    asked.push(route.request().url());
    return route.fulfill(fulfil);
  });
  await landing.goto(link);
  await expect(landing.getByRole('button', { name: 'Get started' })).toBeVisible();
  await landing.waitForLoadState('networkidle');
  await expect(landing.locator('script[data-support-chat]')).toHaveCount(0);
  expect(asked).toEqual([]);
  await collaborator.close();
});
