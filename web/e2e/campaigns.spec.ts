import { expect, test, type Page } from '@playwright/test';
import { randomLetters, signIn } from './helpers';

const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };

function questionTexts(page: Page) {
  return page.getByTestId('question-text');
}

async function addQuestion(page: Page, text: string, tips?: string) {
  await page.getByRole('button', { name: 'Add question' }).click();
  const row = page.getByTestId('question-temp');
  await row.getByLabel('Question', { exact: true }).fill(text);
  if (tips) await row.getByLabel('Tips (optional)').fill(tips);
  await row.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByTestId('question-text').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('question-temp')).toHaveCount(0);
}

test('create an initiative and a targeted campaign, edit, preview, publish, find it in the list', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = `E2E initiative ${suffix}`;
  const title = `E2E campaign ${suffix}`;
  const tagA = `e2e-a-${suffix}`.slice(0, 30);
  const tagB = `e2e-b-${suffix}`.slice(0, 30);
  const questions = ['Who are you?', 'What do you do?', 'Why does it matter?'];
  const scriptText = `Script line ${suffix}`;

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('staff-layout')).toBeVisible();

  // The campaign list is in the navigation.
  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  await expect(page).toHaveURL(/\/campaigns/);
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'Create campaign' }).first().click();
  await expect(page).toHaveURL(/\/initiative\/campaign\/create/);

  // Initiative: create a new one; it becomes the selected one.
  await page.getByRole('button', { name: 'New initiative' }).click();
  const dialog = page.getByRole('dialog', { name: 'New initiative' });
  await dialog.getByLabel('Initiative name').fill(initiative);
  await dialog.getByRole('button', { name: 'Create initiative' }).click();
  await expect(page.getByText('Initiative created successfully')).toBeVisible();
  await expect(page.getByLabel('Initiative', { exact: true }).locator('option:checked')).toHaveText(initiative);

  // Details.
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Stories collected by the end-to-end test.');
  await page.getByLabel('Targeted').check();
  await page.getByLabel('Public').check();
  await page.getByLabel('Landscape').check();
  await page.getByLabel(/^Deadline/).fill('2030-06-01');
  await page.getByLabel(/^Expiry date/).fill('2030-06-30');

  // Two new tags, created inline (each is selected once created).
  for (const tag of [tagA, tagB]) {
    await page.getByLabel('New tag').fill(tag);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByLabel(tag, { exact: true })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByText('Campaign created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/initiative\/campaign\/(?!create)[^/]+$/);
  const editUrl = page.url();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Three questions.
  for (const [i, q] of questions.entries()) await addQuestion(page, q, i === 0 ? 'Say your name and role' : undefined);
  await expect(questionTexts(page)).toHaveText(questions);

  // Move the third to the top; the order is kept after a reload.
  const third = questions[2]!;
  let moved = 0;
  page.on('response', (res) => {
    if (res.request().method() === 'PUT' && /\/api\/question\/[^/]+$/.test(new URL(res.url()).pathname)) moved += 1;
  });
  await page.getByRole('button', { name: `Move "${third}" up` }).click();
  await expect(questionTexts(page)).toHaveText([questions[0]!, third, questions[1]!]);
  await page.getByRole('button', { name: `Move "${third}" up` }).click();
  const reordered = [third, questions[0]!, questions[1]!];
  await expect(questionTexts(page)).toHaveText(reordered);
  // Let the moves reach the server before reloading (they are sent one after the other, each after
  // the campaign is read again; the page's network went idle long before, so that is no sign).
  await expect.poll(() => moved).toBe(2);
  await page.reload();
  await expect(questionTexts(page)).toHaveText(reordered);

  // Script: type, wait for "Saved", reload, still there.
  const script = page.getByRole('textbox', { name: 'Script', exact: true });
  await script.click();
  await page.keyboard.type(scriptText);
  await expect(page.getByRole('group', { name: 'Script', exact: true }).getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Script', exact: true })).toContainText(scriptText);

  // Preview: the collaborator's real pages, in a tab of their own (contributor-preview.spec.ts
  // follows one through); the draft's landing page and its questions in the new order.
  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Preview as contributor' }).click()]);
  await expect(preview.getByTestId('preview-banner')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(preview.getByText(scriptText)).toBeVisible();
  await preview.close();

  // Publish.
  await page.getByRole('button', { name: 'Publish campaign' }).click();
  await expect(page.getByText('The campaign is now live')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish campaign' })).toHaveCount(0);

  // Find it in the list under sort AZ and filter Live.
  await page.goto('/campaigns');
  await page.getByLabel('Sort by').selectOption('az');
  await page.getByLabel('Status').selectOption('live');
  await page.getByLabel('Search').fill(title);
  await expect(page).toHaveURL(/sort=az/);
  await expect(page).toHaveURL(/status=live/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Live')).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(editUrl);

  // Clean up: delete the two tags, then the initiative (which takes the campaign with it).
  for (const tag of [tagA, tagB]) {
    await page.getByRole('button', { name: `Delete tag ${tag}` }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Delete tag?' });
    await expect(tagDialog.getByText('removed from every campaign that uses it')).toBeVisible();
    await tagDialog.getByRole('button', { name: 'Delete tag' }).click();
    await expect(page.getByText('Tag deleted successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete tag ${tag}` })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Delete initiative' }).click();
  const initiativeDialog = page.getByRole('dialog', { name: 'Delete initiative?' });
  await expect(initiativeDialog.getByText(/removes all its campaigns and their videos/)).toBeVisible();
  await initiativeDialog.getByRole('button', { name: 'Delete initiative' }).click();
  await expect(page.getByText('Initiative deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns/);
});
