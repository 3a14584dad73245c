import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { signIn, staffApi, ok, randomLetters } from './helpers';

/**
 * Video search against the running stack: a collaborator uploads a take whose sound is
 * espeak-ng speech; the upload worker stores it, the media worker converts it and
 * Whisper transcribes it; staff then find the answer by a word said in it, and the
 * result card links to the response editor at that answer and word.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };
const SPEECH = 'Hello. My name is Peter. I live in London. I love my family.';
// A word said in the take (search reads "London." as "london").
const WORD = 'london';

test.use({
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS),
});

/** A 6-second WebM (VP8 test picture, Opus speech) as a phone's gallery would hold. */
function spokenTake(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'storyhive-search-'));
  const wav = join(dir, 'speech.wav');
  const webm = join(dir, 'take.webm');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', wav, SPEECH]);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25',
    '-i', wav, '-t', '6', '-c:v', 'libvpx', '-b:v', '500k', '-deadline', 'realtime', '-cpu-used', '8',
    '-c:a', 'libopus', webm,
  ]);
  return readFileSync(webm);
}

/** A live campaign with one question and an invited collaborator. */
async function campaignWithCollaborator(staff: APIRequestContext) {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E search ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `srch-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Search ${suffix}`,
        description: 'Stories found by the search end-to-end test.',
        initiativeId: initiative.id,
        type: 'evergreen',
        visibility: 'public',
        mode: 'landscape',
        tags: [tag.id],
      },
    }),
  );
  const question = await ok<{ questionId: string }>(
    await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'Where do you live?' } }),
  );
  const invited = await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email: `search-${suffix}@example.org`, firstName: 'Robin', lastName: 'Speaker' },
    }),
  );
  expect(invited.contributor.inviteLink).toBeTruthy();
  return {
    campaignId: campaign.id,
    title: `Search ${suffix}`,
    questionId: question.questionId,
    contributorId: invited.contributor.contributorId,
    link: invited.contributor.inviteLink!,
  };
}

/** The collaborator opens their link and uploads the take for the one question. */
async function uploadTake(page: Page, link: string, take: Buffer) {
  await page.goto(link);
  const first = page.getByLabel('First name');
  if (await first.isVisible()) {
    await first.fill('Robin');
    await page.getByLabel('Last name').fill('Speaker');
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  await page.getByTestId('upload-file').setInputFiles({ name: 'my-answer.webm', mimeType: 'video/webm', buffer: take });
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByText('1 of 1 answers safely stored')).toBeVisible({ timeout: 60_000 });
}

test('staff find an answer by a word said in it and the card opens the editor at that word', async ({ browser, page }) => {
  test.setTimeout(300_000);
  const staff = await staffApi();
  const world = await campaignWithCollaborator(staff);
  const contributor = await browser.newContext({ baseURL: BASE });
  await uploadTake(await contributor.newPage(), world.link, spokenTake());
  await contributor.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Search videos' }).click();
  await expect(page).toHaveURL(/\/searchVideos$/);
  await expect(page.getByRole('heading', { name: 'Search videos' })).toBeVisible();

  // Nothing yet for a word no one said.
  await page.getByLabel('Words said, asked or named').fill('zeppelin');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No result found')).toBeVisible();

  // The media worker converts and transcribes the take in the background: search until it is found.
  await page.getByLabel('Words said, asked or named').fill(WORD);
  await page.getByLabel('Campaign').selectOption({ label: world.title });
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(async () => {
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(card).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 240_000, intervals: [2_000] });

  await expect(card.getByRole('heading', { name: 'Robin Speaker' })).toBeVisible();
  await expect(card).toContainText(world.title);
  await expect(card).toContainText('Where do you live?');
  await expect(card.locator('mark')).toHaveText(/london/i);
  await expect(card.locator('img')).toHaveAttribute('src', /poster\.jpg/);
  const href = await card.getAttribute('href');
  const url = new URL(href!, BASE);
  expect(url.pathname).toBe(`/campaign/${world.campaignId}/response-editor/${world.contributorId}`);
  expect(url.searchParams.get('answer')).toBe(world.questionId);
  // "London" is said about two seconds in.
  const t = Number(url.searchParams.get('t'));
  expect(t).toBeGreaterThan(0.5);
  expect(t).toBeLessThan(5);
  await staff.dispose();
});
