import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * /videotest against the running stack: a visitor uploads a take with long pauses through the clip-cut
 * URLs, processes it with the threshold slider, and plays the shorter result with its time_taken.
 */
function takeWithPauses(path: string, wav: string) {
  execFileSync('espeak-ng', [
    '-m', '-v', 'en-us', '-s', '140', '-g', '5', '-w', wav,
    '<speak>Hello. My name is Peter.<break time="2500ms"/>I live in London.<break time="2500ms"/>I love my family.</speak>',
  ]);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=0x3a7d44:s=640x360:r=25',
    '-i', wav, '-shortest',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', path,
  ]);
}

test('the video test page uploads a file and processes it with the threshold', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const file = testInfo.outputPath('pauses.mp4');
  takeWithPauses(file, testInfo.outputPath('pauses.wav'));
  const original = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim(),
  );

  // Open to visitors.
  await page.goto('/videotest');
  await expect(page.getByRole('heading', { level: 1, name: 'Video test' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a file');

  const slider = page.getByRole('slider', { name: /Pause threshold/ });
  await expect(slider).toHaveValue('0.9');
  await page.getByLabel('Video file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded pauses.mp4' })).toBeVisible({ timeout: 30_000 });

  // 1.0 s: both 2.5 s pauses are cut.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('1');
  await page.getByRole('button', { name: 'Process video' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(result.getByTestId('time-taken')).toHaveText(/^\d+\.\d\d s$/);
  const processed = Number((await result.getByTestId('processed-duration').textContent())!.replace(' s', ''));
  expect(processed).toBeLessThan(original - 2.5);
  const video = result.getByTestId('processed-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(Math.abs((await video.evaluate((v: HTMLVideoElement) => v.duration)) - processed)).toBeLessThan(0.3);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
});
