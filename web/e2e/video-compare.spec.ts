import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/** A real WebM (VP8 + Opus) of `seconds` made by ffmpeg: a test pattern with a tone. */
function makeVideo(path: string, seconds: number) {
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=25`,
    '-f', 'lavfi', '-i', `sine=duration=${seconds}`,
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', path,
  ]);
}

const times = (page: Page) =>
  page.evaluate(() =>
    ['left', 'right'].map(
      (side) => document.querySelector<HTMLVideoElement>(`[data-testid="compare-video-${side}"]`)!.currentTime,
    ),
  );

test('compares two local videos: one play, one seek, one pause for both', async ({ page }, testInfo) => {
  const longer = testInfo.outputPath('longer.webm');
  const shorter = testInfo.outputPath('shorter.webm');
  const notes = testInfo.outputPath('notes.txt');
  makeVideo(longer, 8);
  makeVideo(shorter, 5);
  writeFileSync(notes, 'not a video');

  // Open to visitors: no sign-in.
  await page.goto('/compareVideo');
  await expect(page.getByRole('heading', { name: 'Compare videos' })).toBeVisible();

  await page.getByLabel('Left video file').setInputFiles(notes);
  await expect(page.getByRole('alert')).toHaveText('Please upload valid file');

  await page.getByLabel('Left video file').setInputFiles(longer);
  await page.getByLabel('Right video file').setInputFiles(shorter);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('longer.webm')).toBeVisible();
  await expect(page.getByText('Duration 0:08')).toBeVisible();
  await expect(page.getByText('Duration 0:05')).toBeVisible();

  const play = page.getByRole('button', { name: 'Play both' });
  await expect(play).toBeEnabled();
  await play.click();
  await expect.poll(async () => Math.min(...(await times(page))), { timeout: 10_000 }).toBeGreaterThan(1);
  for (let i = 0; i < 5; i++) {
    const [left, right] = await times(page);
    expect(Math.abs(left! - right!), `in step while playing (left ${left}, right ${right})`).toBeLessThan(0.3);
    await page.waitForTimeout(150);
  }

  // The slider seeks both while they keep playing.
  await page.getByLabel('Position of both videos').fill('3.5');
  const [leftAfterSeek, rightAfterSeek] = await times(page);
  expect(leftAfterSeek).toBeGreaterThanOrEqual(3.5);
  expect(rightAfterSeek).toBeGreaterThanOrEqual(3.5);
  expect(Math.max(leftAfterSeek!, rightAfterSeek!)).toBeLessThan(4.5);

  await page.getByRole('button', { name: 'Pause both' }).click();
  const paused = await times(page);
  await page.waitForTimeout(600);
  expect(await times(page)).toEqual(paused);
  expect(await page.evaluate(() => Array.from(document.querySelectorAll('video')).every((v) => v.paused))).toBe(true);

  // Keyboard: an arrow key moves both 5 s; the shorter one rests on its end, the longer plays on alone.
  await page.getByLabel('Position of both videos').focus();
  await page.keyboard.press('ArrowRight');
  const [leftKey, rightKey] = await times(page);
  expect(leftKey).toBeGreaterThan(7.5);
  expect(rightKey).toBeCloseTo(5, 1);
  // The timeline stopped at its end (8 s); one step back puts both at 3 s.
  await page.keyboard.press('ArrowLeft');
  const [leftBack, rightBack] = await times(page);
  expect(leftBack).toBeCloseTo(3, 1);
  expect(rightBack).toBeCloseTo(3, 1);
  // Space plays both; the shorter ends at 5 s while the longer goes on to 8 s.
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause both' })).toBeVisible();
  await expect.poll(async () => (await times(page))[0], { timeout: 10_000 }).toBeGreaterThan(6);
  const [leftLate, rightLate] = await times(page);
  expect(rightLate).toBeCloseTo(5, 1);
  expect(leftLate).toBeGreaterThan(6);
  await expect(page.getByRole('button', { name: 'Play both' })).toBeVisible({ timeout: 10_000 });
});
