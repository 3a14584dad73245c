import { expect, test, type Page, type Route } from '@playwright/test';
import { acceptOnPhone, PHONE, publishAndInvite, recordTake } from './phone-contributor';

/**
 * What staff write reaches the collaborator's teleprompter: a question's own script, else the
 * campaign's script, on "Prepare your script" and in the studio, on a phone.
 */
test.use(PHONE);

const CAMPAIGN_SCRIPT = 'Say who you are and where you work.\n\nThen tell us one moment you are proud of.';
const QUESTION_SCRIPT = 'Start with your first day.\n\nEnd with what changed since.';

/** The paragraphs of a script as the teleprompter and the preview show them. */
const paragraphs = (script: string) => script.split('\n\n');

async function expectPreparedScript(page: Page, number: number, script: string) {
  await page.getByTestId('journey-question').nth(number - 1).getByRole('link', { name: 'Prepare your script' }).click();
  await expect(page.getByText(`Question ${number}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your script, in your own words' })).toHaveValue(script);
  const preview = page.getByRole('region', { name: 'Script preview' }).getByRole('paragraph');
  await expect(preview).toHaveText(paragraphs(script));
  await page.getByRole('link', { name: '← Back to your questions' }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
}

test("the question's own script, else the campaign's, on 'Prepare your script' and in the teleprompter", async ({ page }) => {
  test.setTimeout(150_000);
  const campaign = await publishAndInvite(
    // As the campaign editor saves it: HTML.
    CAMPAIGN_SCRIPT.split('\n\n').map((p) => `<p>${p}</p>`).join(''),
    [
      { question: 'How did you start here?', script: QUESTION_SCRIPT },
      { question: 'What are you proud of?' },
    ],
  );
  await acceptOnPhone(page, campaign);

  await expectPreparedScript(page, 1, QUESTION_SCRIPT);
  await expectPreparedScript(page, 2, CAMPAIGN_SCRIPT);

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page).toHaveURL(/record-video$/);
  const teleprompter = page.getByRole('region', { name: 'Teleprompter' }).getByRole('paragraph');
  await expect(page.getByTestId('studio-question')).toHaveText(campaign.questions[0]!);
  await expect(teleprompter).toHaveText(paragraphs(QUESTION_SCRIPT));

  await recordTake(page, 2);
  await page.getByRole('dialog').getByRole('button', { name: 'Next Question' }).click();
  await expect(page.getByTestId('studio-question')).toHaveText(campaign.questions[1]!);
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await expect(teleprompter).toHaveText(paragraphs(CAMPAIGN_SCRIPT));

  // The collaborator's own words win over staff's script, on the next visit too.
  await page.getByRole('button', { name: 'Edit script' }).click();
  await page.getByRole('textbox', { name: 'Your script' }).fill('My own words about pride.');
  await expect(teleprompter).toHaveText(['My own words about pride.']);
  // Saved 500 ms after the last change, and the studio says so.
  await expect(page.getByTestId('script-save-state')).toHaveText('Saved');
  // A slow network: the journey's reads come back late, so the next pages open with what this
  // visit holds. They must hold the new words, not the script the studio opened with.
  const slowJourney = async (route: Route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  };
  await page.route('**/api/contributor-journey/**', slowJourney);
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);

  // Rewritten on "Prepare your script" in the same visit (the studio's earlier reads are still kept):
  // the studio, opened again, reads the new words.
  await page.getByTestId('journey-question').nth(1).getByRole('link', { name: 'Prepare your script' }).click();
  const box = page.getByRole('textbox', { name: 'Your script, in your own words' });
  await expect(box).toHaveValue('My own words about pride.');
  await box.fill('Rewritten before recording.');
  await expect(page.getByTestId('script-save-state')).toHaveText('Saved');
  await page.getByRole('link', { name: '← Back to your questions' }).click();
  await page.getByRole('button', { name: 'Continue recording' }).click();
  await expect(page.getByTestId('studio-question')).toHaveText(campaign.questions[1]!);
  await expect(teleprompter).toHaveText(['Rewritten before recording.']);

  // And when the page is opened again.
  await page.getByRole('button', { name: '← Back' }).click();
  await page.unroute('**/api/contributor-journey/**', slowJourney);
  await page.reload();
  await expectPreparedScript(page, 2, 'Rewritten before recording.');
});
