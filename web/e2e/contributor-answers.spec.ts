import { expect, test, type Locator } from '@playwright/test';
import { acceptOnPhone, expectAccessibleInBothThemes, PHONE, publishAndInvite, recordTake } from './phone-contributor';

/**
 * On a phone: the studio shows the sent takes' uploads and when the page may be closed; the
 * collaborator watches their answers, records one again, confirms the submission, and reopening the
 * link afterwards thanks them. Every new screen is checked with axe in both themes.
 */
test.use(PHONE);

/** The browser could read the video's metadata from its stored file (it plays). */
async function expectPlayable(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
}

test('studio progress, watching and redoing answers, confirming the submission, reopening the link', async ({ page }) => {
  test.setTimeout(240_000);
  const campaign = await publishAndInvite('<p>Speak freely.</p>', [
    { question: 'Who are you?' },
    { question: 'What do you do?' },
    { question: 'Why does it matter?' },
  ]);
  await acceptOnPhone(page, campaign);

  // Only the first answer now: "Continue recording" then goes on with the others, numbered as in the campaign.
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordTake(page, 2);
  await page.getByRole('dialog').getByRole('button', { name: 'Next Question' }).click();
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  const sent = page.getByTestId('sent-take');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(/Question 1: (Uploading \d+%|Uploaded, being checked…|Safely stored)/);
  await expect(sent).toContainText('Question 1: Safely stored', { timeout: 60_000 });
  await expect(page.getByTestId('close-safety')).toHaveText('Every answer you sent is safely stored: you can close this page.');
  await expectAccessibleInBothThemes(page, 'studio with a sent take');
  await page.getByRole('button', { name: '← Back' }).click();

  await page.getByRole('button', { name: 'Continue recording' }).click();
  await expect(page.getByTestId('studio-question')).toHaveText(campaign.questions[1]!);
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await recordTake(page, 2);
  await page.getByRole('dialog').getByRole('button', { name: 'Next Question' }).click();
  await expect(page.getByText('Question 3 of 3')).toBeVisible();
  await recordTake(page, 2);
  await page.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByTestId('stored-count')).toHaveText('3 of 3 answers safely stored', { timeout: 60_000 });

  // Each answer plays.
  await page.getByRole('button', { name: 'Watch your answer to question 1' }).click();
  const player = page.getByRole('dialog', { name: 'Your answer to question 1' });
  await expectPlayable(player.getByTestId('answer-video'));
  await expectAccessibleInBothThemes(page, 'watching an answer');
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toHaveCount(0);

  // One answer recorded again: the studio asks that question only.
  await page.getByRole('button', { name: 'Record again: question 2' }).click();
  await expect(page.getByTestId('studio-question')).toHaveText(campaign.questions[1]!);
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await recordTake(page, 3);
  await page.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await expect(page.getByTestId('stored-count')).toHaveText('3 of 3 answers safely stored', { timeout: 60_000 });
  await expectAccessibleInBothThemes(page, 'journey, every answer stored');

  // Submitting asks first.
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit your answers for review?' });
  await expect(confirm).toContainText('review your 3 answers');
  await expectAccessibleInBothThemes(page, 'submit confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await confirm.getByRole('button', { name: 'Submit my answers' }).click();
  await expect(page.getByRole('heading', { name: 'Good job!' })).toBeVisible();

  // Reopening the link: thanks and the answers, not a new start.
  await page.goto(campaign.link);
  await expect(page.getByRole('heading', { level: 1, name: "You've submitted, thank you" })).toBeVisible();
  await expect(page.getByRole('button', { name: /Get started|Continue your journey/ })).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'link reopened after submitting');
  await page.getByRole('button', { name: 'See your answers' }).click();
  await expect(page.getByRole('button', { name: /Record again/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Watch your answer to question 2' }).click();
  await expectPlayable(page.getByRole('dialog', { name: 'Your answer to question 2' }).getByTestId('answer-video'));
});
