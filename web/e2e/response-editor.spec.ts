import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { signIn, staffApi, ok, randomLetters, DEMO_PASSWORD } from './helpers';

/**
 * The response editor against the running stack: a collaborator's take with real speech (espeak-ng,
 * ffmpeg) goes through the upload and media workers (MP4 + Whisper transcript); staff cut a sentence
 * by selecting it in the transcript, generate, play, approve, and find it in the approved list. Also the
 * editor's tour (once for a creator, never for a coordinator).
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = 'admin@storyhive-demo.org';
const CREATOR = 'creator@storyhive-demo.org';
const COORDINATOR = 'coordinator@storyhive-demo.org';

test.use({
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'),
  viewport: { width: 1280, height: 900 },
});

type Setup = { campaignId: string; contributorId: string; link: string; email: string; questionId: string; staff: APIRequestContext };

/** A live campaign with one question and an invited collaborator (link from the dev mailbox). */
async function campaignWithCollaborator(): Promise<Setup> {
  const staff = await staffApi(ADMIN);
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E edit ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `edit-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Editing ${suffix}`,
        description: 'Stories edited by the end-to-end test.',
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
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'Who are you and what do you do?', sequence: 1 } }));
  const email = `edit-${suffix}@example.org`;
  const invited = await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, { data: { campaignId: campaign.id, email, firstName: 'Robin', lastName: 'Recorder' } }),
  );
  const questions = await ok<{ campaignQuestionId: string }[]>(await staff.get(`${BASE}/api/question/list/${campaign.id}`));
  return {
    campaignId: campaign.id,
    contributorId: invited.contributor.contributorId,
    link: invited.contributor.inviteLink!,
    email,
    questionId: questions[0]!.campaignQuestionId,
    staff,
  };
}

/**
 * A take with real speech: three sentences spoken by espeak-ng with a one-second pause between them,
 * over a coloured picture (VP8 + Opus WebM, as a browser records).
 */
function speakingTake(path: string, wav: string) {
  // en-us at 140 words a minute with a 5 ms word gap, as the other tests' takes speak.
  execFileSync('espeak-ng', [
    '-m', '-v', 'en-us', '-s', '140', '-g', '5',
    '-w', wav,
    '<speak>Hello. My name is Peter.<break time="1200ms"/>I live in London.<break time="1200ms"/>I love my family.</speak>',
  ]);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=0x2a6f97:s=640x360:r=25',
    '-i', wav,
    '-af', 'apad=pad_dur=0.5',
    '-shortest',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', path,
  ]);
}

/** The collaborator accepts the invitation and uploads the take from a file (the journey's upload). */
async function answerWithFile(page: Page, setup: Setup, file: string) {
  await page.goto(setup.link);
  const first = page.getByLabel('First name');
  if (await first.isVisible()) {
    await first.fill('Robin');
    await page.getByLabel('Last name').fill('Recorder');
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  await page.getByTestId('upload-file').setInputFiles(file);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 1 answers safely stored', { timeout: 60_000 });
}

type Take = { status: string; transcript: { status: string; words: { text: string; start: number; end: number }[] } };

/** Waits until the media worker made the MP4 and the transcript. */
async function readyTake(setup: Setup): Promise<Take> {
  const deadline = Date.now() + 150_000;
  let take: Take | null = null;
  while (Date.now() < deadline) {
    const res = await setup.staff.get(`${BASE}/api/campaign/video-info/${setup.campaignId}/${setup.contributorId}/${setup.questionId}`);
    if (res.ok()) {
      take = (await res.json()) as Take;
      if (take.status === 'failed' || take.transcript.status === 'failed') break;
      if (take.status === 'ready' && take.transcript.status === 'ready') return take;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`the take was not made ready: ${JSON.stringify(take)}`);
}

/** The words of the sentence between the two long pauses: [first index, last index]. */
function middleSentence(words: Take['transcript']['words']): [number, number] {
  const gaps = words
    .slice(1)
    .map((w, i) => ({ after: i, gap: w.start - words[i]!.end }))
    .sort((a, b) => b.gap - a.gap)
    .slice(0, 2)
    .map((g) => g.after)
    .sort((a, b) => a - b);
  expect(gaps).toHaveLength(2);
  return [gaps[0]! + 1, gaps[1]!];
}

async function signInAs(page: Page, email: string) {
  await signIn(page, email, DEMO_PASSWORD, '/admin-login');
  await expect(page).not.toHaveURL(/\/admin-login/);
}

test('staff cut a sentence in the transcript, generate, play the result, approve it and find it approved', async ({ browser, page }, testInfo) => {
  test.setTimeout(420_000);
  const setup = await campaignWithCollaborator();
  const file = testInfo.outputPath('answer.webm');
  speakingTake(file, testInfo.outputPath('speech.wav'));

  const collaborator = await browser.newPage();
  await answerWithFile(collaborator, setup, file);
  await collaborator.close();
  const take = await readyTake(setup);
  const spoken = take.transcript.words.map((w) => w.text.toLowerCase()).join(' ');
  // Whisper heard the sentence: its words are in the transcript.
  expect(spoken).toMatch(/peter|london|family/);
  const [from, to] = middleSentence(take.transcript.words);

  // The admin has seen the tour already: the editor opens directly.
  await ok(await setup.staff.put(`${BASE}/api/user/skip-tour`, { data: { skippedEditorTour: true } }));
  await signInAs(page, ADMIN);
  // From the campaign screen's collaborators panel to the editor.
  await page.goto(`/initiative/campaign/${setup.campaignId}`);
  // The answer's review state, approved next to sending it back.
  await page.getByRole('button', { name: 'Answers of Robin Recorder', exact: true }).click();
  const answer = page.getByTestId('contributor-answer');
  await expect(answer.getByTestId('review-status')).toHaveText('New');
  await answer.getByRole('button', { name: 'Approve answer 1 of Robin Recorder' }).click();
  await expect(answer.getByTestId('review-status')).toHaveText('Approved');
  await expect(answer.getByRole('button', { name: 'Mark as new answer 1 of Robin Recorder' })).toBeVisible();
  await page.getByRole('link', { name: 'Response editor for Robin Recorder' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${setup.campaignId}/response-editor/${setup.contributorId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Response editor' })).toBeVisible();

  const card = page.getByTestId('answer-card');
  const video = card.getByLabel('Video of answer 1');
  await expect(video).toHaveAttribute('src', /\.mp4|X-Amz-Signature/);
  const words = card.getByTestId('word');
  await expect(words).toHaveCount(take.transcript.words.length);

  // The transcript follows playback: playing highlights a word being spoken.
  await card.getByTestId('word').nth(from).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 }).toBeGreaterThan(take.transcript.words[from]!.start - 0.05);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect(card.locator('[data-testid="word"][aria-current="true"]')).toHaveCount(1, { timeout: 10_000 });
  await video.evaluate((v: HTMLVideoElement) => v.pause());

  // Select the middle sentence (click its first word, Shift+click its last) and cut it.
  await words.nth(from).click();
  await words.nth(to).click({ modifiers: ['Shift'] });
  await expect(card.getByTestId('selection-info')).toContainText(`${to - from + 1} word`);
  await card.getByRole('button', { name: 'Cut selection' }).click();
  for (let i = 0; i < take.transcript.words.length; i++) {
    if (i >= from && i <= to) await expect(words.nth(i)).toHaveAttribute('data-cut', 'true');
    else await expect(words.nth(i)).not.toHaveAttribute('data-cut', 'true');
  }
  // The edit is saved on its own; a reload restores it.
  await expect(page.getByTestId('autosave-status')).toHaveText('All changes saved', { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('word').nth(from)).toHaveAttribute('data-cut', 'true');
  const state = await ok<{ state: { cutList: { start: number; end: number }[] } }>(
    await setup.staff.get(`${BASE}/api/user-state/${setup.contributorId}/get?campaignId=${setup.campaignId}`),
  );
  expect(state.state.cutList).toHaveLength(2);
  const keptSeconds = state.state.cutList.reduce((n, r) => n + r.end - r.start, 0);

  // The preview plays the kept ranges in order, without rendering.
  await page.getByRole('button', { name: 'Play preview' }).click();
  await expect(page.getByTestId('preview-position')).toContainText('Clip 2 of 2', { timeout: 30_000 });

  // Generate: the toast names the video.
  const title = `Robin's river ${randomLetters(5)}`;
  await page.getByLabel('Video title').fill(title);
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: `Video "${title}" is being generated` })).toBeVisible();

  // It is listed while it renders, then ready; it plays with the edit's length.
  const mine = page.getByTestId('contributor-videos').getByTestId('generated-video').filter({ hasText: title });
  await expect(mine).toHaveAttribute('data-status', 'ready', { timeout: 180_000 });
  await mine.getByRole('button', { name: 'Play' }).click();
  const player = mine.getByTestId('generated-video-player');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(0);
  const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(duration - keptSeconds)).toBeLessThan(0.3);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

  // Approve it: it appears in the campaign's approved list.
  await mine.getByRole('button', { name: `Approve ${title}` }).click();
  const approved = page.getByTestId('approved-videos').getByTestId('generated-video').filter({ hasText: title });
  await expect(approved).toBeVisible();
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  const list = await ok<{ items: { title: string; approved: boolean }[] }>(await setup.staff.get(`${BASE}/api/generated-videos/approved/${setup.campaignId}`));
  expect(list.items.map((v) => v.title)).toContain(title);
});

test('the editor tour shows once for a creator and never for a coordinator', async ({ page }) => {
  test.setTimeout(120_000);
  const setup = await campaignWithCollaborator();
  const editor = `/campaign/${setup.campaignId}/response-editor/${setup.contributorId}`;

  // A creator who has not seen the tour yet.
  const creator = await staffApi(CREATOR);
  await ok(await creator.put(`${BASE}/api/user/skip-tour`, { data: { skippedEditorTour: false } }));
  await signInAs(page, CREATOR);
  await page.goto(editor);
  await expect(page).toHaveURL(new RegExp(`${editor}/tour$`));
  const tour = page.getByTestId('editor-tour');
  await expect(tour.getByRole('heading', { name: 'The answers' })).toBeVisible();
  for (let step = 1; step < 5; step++) await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Finish tour' }).click();
  await expect(page).toHaveURL(new RegExp(`${editor}$`));
  await expect(tour).toHaveCount(0);
  const me = await ok<{ skippedEditorTour: boolean }>(await creator.get(`${BASE}/api/user/me`));
  expect(me.skippedEditorTour).toBe(true);
  // Opened again (a new page load): straight to the editor.
  await page.goto(editor);
  await expect(page.getByRole('heading', { level: 1, name: 'Response editor' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${editor}$`));
  await expect(page.getByTestId('editor-tour')).toHaveCount(0);
  await creator.dispose();

  // A coordinator: no tour, and its page is not theirs.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const coordinator = await staffApi(COORDINATOR);
  expect((await coordinator.put(`${BASE}/api/user/skip-tour`, { data: { skippedEditorTour: false } })).status()).toBe(403);
  await coordinator.dispose();
  await signInAs(page, COORDINATOR);
  await page.goto(editor);
  await expect(page.getByRole('heading', { level: 1, name: 'Response editor' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`${editor}$`));
  await expect(page.getByTestId('editor-tour')).toHaveCount(0);
  await page.goto(`${editor}/tour`);
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByTestId('editor-tour')).toHaveCount(0);
});
