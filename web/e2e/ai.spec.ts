import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { randomLetters, signIn, staffApi, ok } from './helpers';

/**
 * AI writing help against the running stack, whose gateway runs the fake language model
 * (STORYHIVE_AI_PROVIDER=fake, as infra/scripts/test.sh starts it): staff generate questions
 * in the campaign editor and add one; a collaborator uses the AI wand on their script page.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };

/** A draft campaign with one question; returns its id and title. */
async function campaignWithQuestion(staff: APIRequestContext): Promise<{ id: string; title: string }> {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E AI ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `ai-${suffix}`.slice(0, 30) } }));
  const title = `Harbour ${suffix}`;
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: 'Stories from the harbour, for the AI test.',
        initiativeId: initiative.id,
        type: 'evergreen',
        visibility: 'public',
        mode: 'landscape',
        tags: [tag.id],
      },
    }),
  );
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'What brought you here?' } }));
  return { id: campaign.id, title };
}

test.beforeAll(async () => {
  const anon = await playwrightRequest.newContext();
  const status = (await (await anon.get(`${BASE}/api/openai/status`)).json()) as { available: boolean };
  await anon.dispose();
  expect(status.available, 'the e2e gateway runs with STORYHIVE_AI_PROVIDER=fake (infra/scripts/test.sh)').toBe(true);
});

test('staff generate questions in the campaign editor, regenerate one and add one', async ({ page }) => {
  const staff = await staffApi();
  const campaign = await campaignWithQuestion(staff);
  await signIn(page, ADMIN.email, ADMIN.password);
  // Signed in (the admin lands on the dashboard) before opening another page.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto(`/initiative/campaign/${campaign.id}`);

  await page.getByRole('button', { name: 'Generate questions' }).click();
  await expect(page.getByText('Location is a required field')).toBeVisible();
  await page.getByLabel('Location').fill('Bristol docks');
  await page.getByLabel('Keywords').fill('boats, families');
  await page.getByLabel('Tone of voice').fill('warm');
  await page.getByLabel('Scene request').fill('on the quay');
  await page.getByRole('button', { name: 'Generate questions' }).click();

  const generated = page.getByRole('list', { name: 'Generated questions' });
  await expect(generated.getByRole('listitem')).toHaveCount(5);
  await expect(generated.getByRole('listitem').first()).toContainText('boats');

  const second = generated.getByRole('listitem').nth(1);
  const before = (await second.locator('span').textContent()) ?? '';
  await second.getByRole('button', { name: 'Regenerate' }).click();
  await expect(second.locator('span')).not.toHaveText(before);

  const first = generated.getByRole('listitem').first();
  const kept = ((await first.locator('span').textContent()) ?? '').trim();
  await first.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Question added successfully')).toBeVisible();
  await expect(generated.getByRole('listitem')).toHaveCount(4);

  const questions = await ok<{ question: string }[]>(await staff.get(`${BASE}/api/question/list/${campaign.id}`));
  expect(questions.map((q) => q.question)).toEqual(['What brought you here?', kept]);
  await staff.dispose();
});

test('a collaborator writes their script with the AI wand, and it stays saved', async ({ page }) => {
  const staff = await staffApi();
  const campaign = await campaignWithQuestion(staff);
  const invited = await ok<{ contributor: { inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email: `ai-${Date.now().toString(36)}${randomLetters(4)}@example.org`, firstName: 'Robin', lastName: 'Writer' },
    }),
  );
  await staff.dispose();
  const link = invited.contributor.inviteLink;
  expect(link, 'the invitation answer carries the link').toBeTruthy();

  await page.goto(link!);
  const first = page.getByLabel('First name');
  if (await first.isVisible()) {
    await first.fill('Robin');
    await page.getByLabel('Last name').fill('Writer');
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('link', { name: 'Prepare your script' }).first().click();
  await expect(page).toHaveURL(/\/contributor\/scriptContributor/);

  await page.getByRole('button', { name: 'Write my script' }).click();
  await expect(page.getByText('Please enter a prompt to generate the script.')).toBeVisible();
  await page.getByRole('textbox', { name: 'What do you want to say?' }).fill('I mended nets with my grandfather');
  await page.getByRole('button', { name: 'Write my script' }).click();
  const script = page.getByRole('textbox', { name: 'Your script, in your own words' });
  await expect(script).toHaveValue(/I mended nets with my grandfather/);
  await expect(page.getByRole('region', { name: 'Script preview' }).locator('p')).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Your script, in your own words' })).toHaveValue(/I mended nets with my grandfather/);
});
