import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptOnPhone, PHONE, publishAndInvite } from './phone-contributor';

/**
 * A question's answer time limit (issue 24), on a phone: the studio says the limit, counts the time
 * left and stops the take at 30 seconds by itself (the server keeps it); a 40-second file from the
 * gallery is refused before it is sent, with the server's words.
 */
test.use(PHONE);

/** A 40-second WebM, as a phone's gallery holds it. */
function longGalleryVideo(): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'storyhive-limit-')), 'long.webm');
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x568:rate=10',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '40', '-c:v', 'libvpx', '-b:v', '100k', '-deadline', 'realtime', '-cpu-used', '8',
    '-c:a', 'libopus', file,
  ]);
  return readFileSync(file);
}

test('the studio stops at a 30-second limit and a longer file is refused', async ({ page }) => {
  test.setTimeout(180_000);
  const campaign = await publishAndInvite('<p>Keep it short.</p>', [
    { question: 'Your story in 30 seconds?', timeLimitSeconds: 30 },
    { question: 'And one more thing?', timeLimitSeconds: 30 },
  ]);
  await acceptOnPhone(page, campaign);

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page).toHaveURL(/record-video$/);
  await expect(page.getByTestId('time-limit')).toHaveText('Answer in up to 30 seconds.');
  const start = page.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await expect(page.getByTestId('time-left')).toHaveText(/^00:(30|29|28) left$/, { timeout: 15_000 });
  // Nobody presses stop: the take ends at the limit.
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('time-up')).toHaveText('Time is up: your recording stopped at 30 seconds.');
  await page.getByRole('dialog').getByRole('button', { name: 'Next Question' }).click();
  await expect(page.getByTestId('studio-question')).toHaveText('And one more thing?');

  // A file longer than the limit is refused at once, in the server's words; nothing is sent.
  await page.getByTestId('upload-file').setInputFiles({ name: 'long-answer.webm', mimeType: 'video/webm', buffer: longGalleryVideo() });
  await expect(
    page.getByText('This answer is longer than the 30 seconds this question allows. Please record a shorter answer or upload a shorter file.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The take stopped at the limit is within it: the server keeps it.
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 2 answers safely stored', { timeout: 90_000 });
});
