import { expect, test, type Locator, type Request } from '@playwright/test';
import { ok, randomLetters, signIn, staffApi, DEMO_PASSWORD } from './helpers';
import { expectAccessibleInBothThemes, PHONE, recordTake } from './phone-contributor';

/**
 * "Preview as contributor" (issue 28, item 12): staff open a DRAFT campaign's real collaborator pages
 * on a phone: the landing page with what to prepare, the questions, "Prepare your script", the studio
 * and its teleprompter, recording, watching the take and submitting. Nothing leaves the browser: no
 * upload call, no object in the storage, no collaborator, and the campaign is still a draft.
 */
test.use(PHONE);

const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const CAMPAIGN_SCRIPT = 'Say who you are and where you work.';
const QUESTION_SCRIPT = 'Start with your first day.';

async function expectPlayable(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
}

test('staff preview a draft through the real collaborator pages; nothing is uploaded or kept', async ({ page }) => {
  test.setTimeout(180_000);
  const staff = await staffApi();
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const title = `Preview stories ${suffix}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E preview ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `preview-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: 'A draft previewed by the end-to-end test.',
        initiativeId: initiative.id,
        type: 'targeted',
        visibility: 'private',
        mode: 'portrait',
        deadline: '2030-06-01',
        expiryDate: '2030-06-30',
        tags: [tag.id],
      },
    }),
  );
  const questions = ['How did you start here?', 'What are you proud of?'];
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, sequence: 1, question: questions[0], script: QUESTION_SCRIPT } }));
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, sequence: 2, question: questions[1] } }));
  const { version } = await ok<{ version: number }>(await staff.get(`${BASE}/api/campaign/${campaign.id}`));
  await ok(await staff.post(`${BASE}/api/campaign/save-script`, { data: { campaignId: campaign.id, script: `<p>${CAMPAIGN_SCRIPT}</p>`, version } }));

  await signIn(page, 'admin@storyhive-demo.org', DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto(`/initiative/campaign/${campaign.id}`);
  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Preview as contributor' }).click()]);

  // Every request the preview makes: only reads through the staff session, never an upload.
  const requests: Request[] = [];
  preview.on('request', (r) => requests.push(r));

  await expect(preview.getByTestId('preview-banner')).toContainText('Nothing you record or type is uploaded or kept.');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(preview.getByText(CAMPAIGN_SCRIPT)).toBeVisible();
  await expectAccessibleInBothThemes(preview, 'preview landing page');
  await preview.getByRole('link', { name: 'Get started' }).click();
  await preview.getByLabel('First name').fill('Pat');
  await preview.getByLabel('Last name').fill('Preview');
  const terms = preview.getByRole('checkbox');
  if (await terms.count()) await terms.check();
  await preview.getByRole('button', { name: 'Get started' }).click();
  await expect(preview).toHaveURL(/\/contributor-journey$/);
  await expect(preview.getByTestId('journey-question')).toHaveCount(2);
  await expect(preview.getByTestId('preview-banner')).toBeVisible();

  await preview.getByTestId('journey-question').nth(1).getByRole('link', { name: 'Prepare your script' }).click();
  await expect(preview.getByRole('textbox', { name: 'Your script, in your own words' })).toHaveValue(CAMPAIGN_SCRIPT);
  await preview.getByRole('link', { name: '← Back to your questions' }).click();

  await preview.getByRole('button', { name: 'Start recording' }).click();
  await expect(preview.getByTestId('studio-question')).toHaveText(questions[0]!);
  await expect(preview.getByRole('region', { name: 'Teleprompter' }).getByRole('paragraph')).toHaveText([QUESTION_SCRIPT]);
  await recordTake(preview, 2);
  await preview.getByRole('dialog').getByRole('button', { name: 'Next Question' }).click();
  await expect(preview.getByText('Question 2 of 2')).toBeVisible();
  await expect(preview.getByTestId('sent-take')).toContainText('Question 1: Safely stored', { timeout: 30_000 });
  await recordTake(preview, 2);
  await preview.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(preview.getByTestId('stored-count')).toHaveText('2 of 2 answers safely stored', { timeout: 30_000 });

  await preview.getByRole('button', { name: 'Watch your answer to question 1' }).click();
  await expectPlayable(preview.getByRole('dialog', { name: 'Your answer to question 1' }).getByTestId('answer-video'));
  await preview.getByRole('dialog', { name: 'Your answer to question 1' }).getByRole('button', { name: 'Close' }).click();

  await preview.getByRole('button', { name: 'Submit for review' }).click();
  await preview.getByRole('dialog', { name: 'Submit your answers for review?' }).getByRole('button', { name: 'Submit my answers' }).click();
  await expect(preview.getByRole('heading', { name: 'Good job!' })).toBeVisible();

  // Nothing left the browser but reads: the preview itself and the AI's status.
  const sent = requests.filter((r) => !r.url().startsWith('blob:') && !r.url().startsWith('data:'));
  // (The listener sees the network: the AI's status is read there.)
  expect(sent.some((r) => r.url().includes('/api/openai/status'))).toBe(true);
  const writes = sent.filter((r) => r.method() !== 'GET');
  expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  expect(sent.filter((r) => /\/api\/contributor-upload|\/api\/contributor\/addVideo/.test(r.url()))).toEqual([]);

  // The campaign is still a draft, with nobody invited.
  const after = await ok<{ status: string }>(await staff.get(`${BASE}/api/campaign/${campaign.id}`));
  expect(after.status).toBe('draft');
  const people = await ok<{ items: unknown[] }>(await staff.get(`${BASE}/api/contributor/campaignContributorList/${campaign.id}`));
  expect(people.items).toEqual([]);

  // Leaving the preview goes back to the campaign, signed in as before.
  await preview.getByRole('button', { name: 'Leave preview' }).click();
  await expect(preview).toHaveURL(new RegExp(`/initiative/campaign/${campaign.id}$`));
  await expect(preview.getByTestId('staff-layout')).toBeVisible();
  await staff.dispose();
});
