import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { DEMO_PASSWORD, ok, randomLetters, signIn, staffApi } from './helpers';

/**
 * The inbox of answers (issue 28): a collaborator's take reaches it through the real upload and
 * media workers; staff open it from the dashboard's pending count, filter it, play the answer in
 * place, approve it and send it back, each reflected by the status filters.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = 'admin@storyhive-demo.org';

test.use({
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'),
  viewport: { width: 1280, height: 900 },
});

type Setup = { campaignId: string; title: string; contributorId: string; questionId: string; link: string; staff: APIRequestContext };

async function liveCampaignWithCollaborator(): Promise<Setup> {
  const staff = await staffApi(ADMIN);
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `Inbox ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `inbox-${suffix}`.slice(0, 30) } }));
  const title = `Inbox ${suffix}`;
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: 'Answers reviewed from the inbox by the end-to-end test.',
        initiativeId: initiative.id,
        type: 'targeted',
        visibility: 'public',
        mode: 'landscape',
        deadline: '2030-06-01',
        expiryDate: '2030-06-30',
        tags: [tag.id],
      },
    }),
  );
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'What does the harbour mean to you?' } }));
  await ok(await staff.put(`${BASE}/api/campaign/complete/${campaign.id}`));
  const invited = await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email: `inbox-${suffix}@example.org`, firstName: 'Noor', lastName: 'Haddad' },
    }),
  );
  const questions = await ok<{ campaignQuestionId: string }[]>(await staff.get(`${BASE}/api/question/list/${campaign.id}`));
  return {
    campaignId: campaign.id,
    title,
    contributorId: invited.contributor.contributorId,
    questionId: questions[0]!.campaignQuestionId,
    link: invited.contributor.inviteLink!,
    staff,
  };
}

/** Four seconds of picture and tone, as a browser records (VP8 + Opus WebM). */
function shortTake(path: string) {
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=0x2a6f97:s=640x360:r=25:d=4',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', '-shortest', path,
  ]);
}

async function answerWithFile(page: Page, setup: Setup, file: string) {
  await page.goto(setup.link);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  await page.getByTestId('upload-file').setInputFiles(file);
  // The take's dialog (the camera's permission dialog may be open too without a camera).
  const take = page.getByRole('dialog', { name: 'Your take' });
  await expect(take).toBeVisible();
  await take.getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 1 answers safely stored', { timeout: 60_000 });
}

async function waitUntilPlayable(setup: Setup) {
  await expect
    .poll(
      async () => {
        const res = await setup.staff.get(`${BASE}/api/campaign/video-info/${setup.campaignId}/${setup.contributorId}/${setup.questionId}`);
        return res.ok() ? ((await res.json()) as { status: string }).status : `${res.status()}`;
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toBe('ready');
}

test('staff review answers from the inbox: play in place, approve, send back', async ({ browser, page }, testInfo) => {
  test.setTimeout(300_000);
  const setup = await liveCampaignWithCollaborator();
  const file = testInfo.outputPath('answer.webm');
  shortTake(file);
  const collaborator = await browser.newPage();
  await answerWithFile(collaborator, setup, file);
  await collaborator.close();
  await waitUntilPlayable(setup);

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Review new answers' }).click();
  await expect(page).toHaveURL(/\/responses\?status=new$/);
  await expect(page.getByRole('heading', { name: 'Responses', level: 1 })).toBeVisible();
  await page.getByLabel('Campaign').selectOption(setup.campaignId);
  const answers = page.getByRole('list', { name: 'Answers' });
  const card = answers.getByRole('listitem', { name: 'Noor Haddad: What does the harbour mean to you?' });
  await expect(card).toBeVisible();
  await expect(answers.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByTestId('response-status')).toHaveText('New');
  await expect(card.getByText(setup.title)).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /poster/);

  await card.getByRole('button', { name: 'Play the answer by Noor Haddad' }).click();
  const video = card.getByLabel('Answer by Noor Haddad: What does the harbour mean to you?');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Answer approved')).toBeVisible();
  // No longer new: the "new" view empties, the "approved" one shows it.
  await expect(answers).toHaveCount(0);
  await expect(page.getByText('No answers match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('approved');
  await expect(card.getByTestId('response-status')).toHaveText('Approved');

  await card.getByRole('button', { name: 'Send back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send back for re-recording' });
  await expect(dialog).toContainText('Noor Haddad gets an e-mail');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText('Sent back for re-recording successfully')).toBeVisible();
  await page.getByLabel('Status').selectOption('sentBack');
  await expect(card.getByTestId('response-status')).toHaveText('Sent back');
  // Reloading keeps the filters (they live in the address).
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('sentBack');
  await expect(card).toBeVisible();
});

/** Four seconds as Safari records: H.264 (4:2:0) and AAC in an MP4 with its index at the end. */
function safariTake(path: string) {
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30:duration=4',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-f', 'mp4', path,
  ]);
}

test('a Safari take is copied as it is and plays in the inbox with its poster and length', async ({ browser, page }, testInfo) => {
  test.setTimeout(300_000);
  const setup = await liveCampaignWithCollaborator();
  const file = testInfo.outputPath('safari.mp4');
  safariTake(file);
  const collaborator = await browser.newPage();
  await answerWithFile(collaborator, setup, file);
  await collaborator.close();
  await waitUntilPlayable(setup);
  // Its own size (the media worker's tests check that its streams are copied, index first).
  const info = await ok<{ width: number; height: number; durationSeconds: number }>(
    await setup.staff.get(`${BASE}/api/campaign/video-info/${setup.campaignId}/${setup.contributorId}/${setup.questionId}`),
  );
  expect([info.width, info.height]).toEqual([640, 360]);

  await signIn(page, ADMIN, DEMO_PASSWORD);
  // Signed in (the dashboard), then to the inbox as staff go there.
  await page.getByRole('link', { name: 'Review new answers' }).click();
  await expect(page).toHaveURL(/\/responses\?status=new$/);
  await page.getByLabel('Campaign').selectOption(setup.campaignId);
  const card = page.getByRole('list', { name: 'Answers' }).getByRole('listitem', { name: 'Noor Haddad: What does the harbour mean to you?' });
  const poster = card.locator('img');
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(640);

  await card.getByRole('button', { name: 'Play the answer by Noor Haddad' }).click();
  const video = card.getByLabel('Answer by Noor Haddad: What does the harbour mean to you?');
  await expect(video).toHaveAttribute('poster', /poster/);
  // Chromium decodes the copied H.264: it knows the length, and playing moves the position on.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(3.8);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(4.2);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, v.error])).toEqual([640, 360, null]);
});
