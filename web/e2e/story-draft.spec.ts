import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { DEMO_PASSWORD, ok, randomLetters, signIn, staffApi } from './helpers';

/**
 * The AI draft of a story (issue 23) against the running stack, whose AI calls answer from the
 * fake model inside the gateway (STORYHIVE_AI_PROVIDER=fake). Two collaborators answer with
 * spoken takes (espeak-ng), transcribed by the media worker. Staff draft a story from the
 * campaign's stories list: the fake drafts from the transcripts it is shown, and the API checks
 * every citation against the stored words. Then the fake is told (over its control route,
 * E2E_FAKE_LLM_URL, as infra/scripts/test.sh starts it) to answer once with a tampered citation
 * beside a good one: the tampered one is dropped and reported, the good one kept.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const FAKE_LLM = process.env.E2E_FAKE_LLM_URL?.replace(/\/+$/, '');
const ADMIN = 'admin@storyhive-demo.org';
const QUESTION = 'Why do you stay?';
const SPEAKERS: { first: string; last: string; says: string }[] = [
  { first: 'Amal', last: 'Karimi', says: 'I came for one summer. I stayed because the volunteers became my family. Join us on Saturday.' },
  { first: 'Sam', last: 'Rivers', says: 'The mornings are hard. The people I meet keep me hopeful every week. Come and volunteer with us.' },
];
const BRIEF = 'Why volunteers stay, hopeful, end with a call to join';

test.use({
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS),
});

type Word = { text: string };
type LibraryAnswer = { contributorId: string; questionId: string; speaker: string; words: Word[] };
type Clip = { contributorId: string; questionId: string; firstWord: number; lastWord: number; text: string; speaker: string };
type Story = { storyId: string; title: string; clips: Clip[]; speakers: { contributorId: string; name: string }[] };
type Navigation = { url: string; state: { usr?: { dropped?: { quote: string; reason: string }[] } } | null };

/** Eleven seconds of a test picture with the sentence spoken, as a browser records (VP8 + Opus). */
function spokenTake(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'storyhive-story-'));
  const wav = join(dir, 'speech.wav');
  const webm = join(dir, 'take.webm');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', wav, text]);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25',
    '-i', wav, '-t', '11', '-c:v', 'libvpx', '-b:v', '400k', '-deadline', 'realtime', '-cpu-used', '8',
    '-c:a', 'libopus', webm,
  ]);
  return webm;
}

async function answer(browser: Browser, link: string, file: string) {
  const page = await browser.newPage();
  await page.goto(link);
  await page.getByRole('checkbox', { name: /I agree to be recorded/ }).check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).last().click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  await page.getByTestId('upload-file').setInputFiles({ name: 'answer.webm', mimeType: 'video/webm', buffer: readFileSync(file) });
  const take = page.getByRole('dialog', { name: 'Your take' });
  await expect(take).toBeVisible();
  await take.getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 1 answers safely stored', { timeout: 60_000 });
  await page.close();
}

/** A live campaign whose two collaborators answered with speech, transcribed. */
async function spokenCampaign(browser: Browser, staff: APIRequestContext) {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `Stories ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `story-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Volunteer voices ${suffix}`,
        description: 'Stories drafted by the end-to-end test.',
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
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: QUESTION } }));
  await ok(await staff.put(`${BASE}/api/campaign/complete/${campaign.id}`));
  for (const person of SPEAKERS) {
    const invited = await ok<{ contributor: { inviteLink?: string | null } }>(
      await staff.post(`${BASE}/api/campaign/add-contributor`, {
        data: { campaignId: campaign.id, email: `story-${person.first.toLowerCase()}-${suffix}@example.org`, firstName: person.first, lastName: person.last },
      }),
    );
    await answer(browser, invited.contributor.inviteLink!, spokenTake(person.says));
  }
  // The media worker converts and transcribes both takes in the background.
  let answers: LibraryAnswer[] = [];
  await expect
    .poll(
      async () => {
        const page = await ok<{ items: LibraryAnswer[] }>(await staff.get(`${BASE}/api/generated-videos/library/${campaign.id}?limit=50`));
        answers = page.items.filter((a) => a.words.length > 0);
        return answers.length;
      },
      { timeout: 300_000, intervals: [3000] },
    )
    .toBe(2);
  return { campaignId: campaign.id, answers };
}

/** The words `first`..`last` of an answer, as its transcript says them. */
const wordsOf = (answer: LibraryAnswer, first: number, last: number) =>
  answer.words.slice(first, last + 1).map((w) => w.text).join(' ');

/** Records the app's navigations (URL and router state) as it pushes them. */
async function recordNavigations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __navigations: unknown[] };
    w.__navigations = [];
    const push = history.pushState.bind(history);
    history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
      w.__navigations.push({ url: String(url), state });
      push(state, unused, url);
    };
  });
}

const navigations = (page: Page) => page.evaluate(() => (window as unknown as { __navigations: Navigation[] }).__navigations);

/** Drafts from the stories list; returns the editor navigation the dialog made. */
async function draftFromList(page: Page, campaignId: string, target: string): Promise<Navigation> {
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Draft a story with AI' });
  await expect(dialog.getByLabel('Brief')).toHaveAttribute('placeholder', /60 seconds on why volunteers stay/);
  await dialog.getByLabel('Brief').fill(BRIEF);
  await dialog.getByLabel('Target length (seconds)').fill(target);
  await dialog.getByRole('button', { name: 'Draft' }).click();
  const editor = new RegExp(`^/campaign/${campaignId}/stories/[^/?]+\\?draft=1$`);
  await expect.poll(async () => (await navigations(page)).filter((n) => editor.test(n.url)).length, { timeout: 60_000 }).toBe(1);
  return (await navigations(page)).find((n) => editor.test(n.url))!;
}

test('staff draft a story with AI: every citation checked, a tampered one dropped and reported', async ({ browser, page }) => {
  test.setTimeout(600_000);
  expect(FAKE_LLM, 'E2E_FAKE_LLM_URL: the fake model of the e2e gateway (infra/scripts/test.sh sets it)').toBeTruthy();
  const staff = await staffApi(ADMIN);
  const { campaignId, answers } = await spokenCampaign(browser, staff);

  await recordNavigations(page);
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  // The campaign's screen leads to its stories.
  await page.goto(`/initiative/campaign/${campaignId}`);
  await page.getByRole('link', { name: 'Stories', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/campaign/${campaignId}/stories`);
  await expect(page.getByText(/No story yet/)).toBeVisible();

  // 1. The fake's own draft, from the transcripts it was shown: every citation checks.
  const first = await draftFromList(page, campaignId, '30');
  expect(first.state?.usr?.dropped).toEqual([]);
  await expect(page.getByText(/saved: \d+ clips? checked; 0 dropped/)).toBeVisible();
  const firstId = first.url.split('/').pop()!.split('?')[0]!;
  const drafted = await ok<Story>(await staff.get(`${BASE}/api/generated-videos/stories/${campaignId}/${firstId}`));
  expect(drafted.clips.length).toBeGreaterThan(0);
  for (const clip of drafted.clips) {
    const source = answers.find((a) => a.contributorId === clip.contributorId && a.questionId === clip.questionId)!;
    expect(clip.text, 'a clip is the words of its answer').toBe(wordsOf(source, clip.firstWord, clip.lastWord));
  }
  // Many voices: both collaborators speak in it.
  expect(new Set(drafted.clips.map((c) => c.contributorId)).size).toBe(2);

  // 2. A model that makes up a quote: it is dropped and reported, the good clip kept.
  // The prompt names the answers A1, A2... in the order of their transcripts' keys.
  const ordered = [...answers].sort((a, b) => (`${a.contributorId}#${a.questionId}` < `${b.contributorId}#${b.questionId}` ? -1 : 1));
  const good = ordered[1]!;
  const last = good.words.length - 1;
  const made = [
    { answer: 'A1', firstWord: 0, lastWord: 3, quote: 'we never stay here' },
    { answer: 'A2', firstWord: 0, lastWord: last, quote: wordsOf(good, 0, last) },
  ];
  const queued = await page.request.post(`${FAKE_LLM}/fake/answer-next`, { data: [JSON.stringify({ clips: made })] });
  expect(queued.status(), await queued.text()).toBe(200);

  await page.goto(`/campaign/${campaignId}/stories`);
  await expect(page.getByTestId('story-row')).toHaveCount(1);
  const second = await draftFromList(page, campaignId, '10');
  await expect(page.getByText('2 clips checked; 1 dropped')).toBeVisible();
  const dropped = second.state?.usr?.dropped ?? [];
  expect(dropped).toHaveLength(1);
  expect(dropped[0]!.quote).toBe('we never stay here');
  expect(dropped[0]!.reason).toMatch(/The quoted words are not what was said there/);
  const secondId = second.url.split('/').pop()!.split('?')[0]!;
  const checked = await ok<Story & { draft: { dropped: unknown[] } }>(await staff.get(`${BASE}/api/generated-videos/stories/${campaignId}/${secondId}`));
  expect(checked.clips.map((c) => c.text)).toEqual([wordsOf(good, 0, last)]);
  expect(checked.draft.dropped).toHaveLength(1);

  // The list reports it: what was claimed, from whom, and why it was dropped.
  await page.goto(`/campaign/${campaignId}/stories`);
  const row = page.locator(`[data-testid="story-row"][data-story-id="${secondId}"]`);
  await expect(row.getByText('AI draft', { exact: true })).toBeVisible();
  const report = row.getByTestId('story-dropped');
  await report.locator('summary').click();
  await expect(report).toContainText('cited 1 clip that did not match the transcripts');
  await expect(report).toContainText('we never stay here');
  await expect(report).toContainText('words 0–3');
  await expect(report).toContainText(`The quoted words are not what was said there ("${wordsOf(ordered[0]!, 0, 3)}")`);
  const firstRow = page.locator(`[data-testid="story-row"][data-story-id="${firstId}"]`);
  await expect(firstRow.getByTestId('story-speakers')).toHaveText('2 speakers');
  await expect(firstRow.getByTestId('story-dropped')).toHaveCount(0);
  await staff.dispose();
});
