import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { ok, randomLetters, signIn, staffApi, DEMO_PASSWORD } from './helpers';

/**
 * The story editor against the running stack (issue 23): two collaborators answer with real speech
 * (espeak-ng), converted and transcribed by the media worker. Staff find a word with the search, add
 * its sentence as a clip, add a clip of the other collaborator, reorder (drag and drop, then a
 * button), trim by a word, preview (the preview plays the first clip, then moves on to the next),
 * save, render 16:9, play the rendered MP4 (its length is the story's) and read its provenance.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = 'admin@storyhive-demo.org';
/** Known to be heard by the local Whisper (search.spec.ts, response-editor.spec.ts). */
const SPEECH_A = 'Hello. My name is Peter. I live in London. I love my family.';
const SPEECH_B = 'We stay because the people are kind. Every week we help our neighbours.';

test.use({
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'),
  viewport: { width: 1280, height: 900 },
});

type Word = { text: string; start: number; end: number };
type LibraryAnswer = { contributorId: string; questionId: string; speaker: string; url?: string | null; words: Word[] };
type Person = { firstName: string; lastName: string; contributorId: string; link: string };

/** A take of `speech` over a coloured picture (VP8 + Opus WebM, as a browser records). */
function speakingTake(dir: string, name: string, speech: string, colour: string): string {
  const wav = join(dir, `${name}.wav`);
  const webm = join(dir, `${name}.webm`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', wav, speech]);
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=${colour}:s=640x360:r=25`,
    '-i', wav, '-af', 'apad=pad_dur=0.5', '-shortest',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', webm,
  ]);
  return webm;
}

/** A live campaign with one question and two invited collaborators. */
async function campaignWithTwo(staff: APIRequestContext) {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E stories ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `story-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Many voices ${suffix}`,
        description: 'Stories told by the story editor end-to-end test.',
        initiativeId: initiative.id,
        type: 'evergreen',
        visibility: 'public',
        mode: 'landscape',
        tags: [tag.id],
      },
    }),
  );
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'Why do you stay?' } }));
  const people: Person[] = [];
  for (const [firstName, lastName] of [['Peter', 'Parker'], ['Sam', 'Speaker']] as const) {
    const invited = await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
      await staff.post(`${BASE}/api/campaign/add-contributor`, {
        data: { campaignId: campaign.id, email: `story-${firstName.toLowerCase()}-${suffix}@example.org`, firstName, lastName },
      }),
    );
    people.push({ firstName, lastName, contributorId: invited.contributor.contributorId, link: invited.contributor.inviteLink! });
  }
  return { campaignId: campaign.id, people };
}

/** The collaborator opens their link and uploads the take for the one question. */
async function answer(browser: Browser, link: string, file: string) {
  const page = await browser.newPage();
  await page.goto(link);
  await page.getByRole('checkbox', { name: /I agree to be recorded/ }).check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).last().click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  await page.getByTestId('upload-file').setInputFiles(file);
  const take = page.getByRole('dialog', { name: 'Your take' });
  await expect(take).toBeVisible();
  await take.getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 1 answers safely stored', { timeout: 60_000 });
  await page.close();
}

/** Waits until the library holds both answers, transcribed and playable. */
async function library(staff: APIRequestContext, campaignId: string, people: Person[]): Promise<Map<string, LibraryAnswer>> {
  const deadline = Date.now() + 180_000;
  let seen: LibraryAnswer[] = [];
  while (Date.now() < deadline) {
    const res = await staff.get(`${BASE}/api/generated-videos/library/${campaignId}?limit=50`);
    if (res.ok()) {
      seen = ((await res.json()) as { items: LibraryAnswer[] }).items;
      const ready = seen.filter((a) => a.url && a.words.length >= 4);
      if (people.every((p) => ready.some((a) => a.contributorId === p.contributorId))) {
        return new Map(ready.map((a) => [a.contributorId, a]));
      }
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`the answers were not transcribed: ${JSON.stringify(seen.map((a) => [a.speaker, a.words.length, !!a.url]))}`);
}

const seconds = (words: Word[], from: number, to: number) => words[to]!.end - words[from]!.start;
const said = (words: Word[], from: number, to: number) => words.slice(from, to + 1).map((w) => w.text).join(' ');

async function clickWord(group: Locator, index: number) {
  await group.locator(`button[data-index="${index}"]`).click();
}

/** The speakers of the story's clips, in order. */
const clipSpeakers = (page: Page) => page.getByTestId('story-clip').locator('h3').allTextContents();

test('staff find a word, make a story of two voices, reorder, trim, preview, save, render and play it', async ({ browser, page }) => {
  test.setTimeout(420_000);
  const staff = await staffApi(ADMIN);
  const { campaignId, people } = await campaignWithTwo(staff);
  const dir = mkdtempSync(join(tmpdir(), 'storyhive-stories-'));
  const takes = [speakingTake(dir, 'a', SPEECH_A, '0x2a6f97'), speakingTake(dir, 'b', SPEECH_B, '0x97562a')];
  await Promise.all(people.map((p, i) => answer(browser, p.link, takes[i]!)));
  const answers = await library(staff, campaignId, people);
  const a = answers.get(people[0]!.contributorId)!;
  const b = answers.get(people[1]!.contributorId)!;
  const london = a.words.findIndex((w) => /london/i.test(w.text));
  expect(london, `Whisper heard "London" in ${JSON.stringify(a.words.map((w) => w.text))}`).toBeGreaterThanOrEqual(0);
  const aFrom = Math.max(0, london - 3);
  const bTo = Math.min(b.words.length - 1, 5);

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page).toHaveURL(`${BASE}/`);
  await page.goto(`/campaign/${campaignId}/stories/new`);
  await expect(page.getByRole('heading', { name: 'New story' })).toBeVisible();

  // Find a word with the search: the answer shows with the word marked; its sentence becomes a clip.
  const finder = page.getByRole('search', { name: 'Find words said' });
  await finder.getByLabel('Find words said').fill('london');
  const found = page.getByRole('list', { name: 'Answers found' }).getByRole('article');
  // The search index follows the transcript: ask again until it has it.
  await expect(async () => {
    await finder.getByRole('button', { name: 'Find' }).click();
    await expect(found).toHaveCount(1, { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  const foundWords = found.getByRole('group');
  await expect(foundWords.locator('mark')).toHaveText(a.words[london]!.text);
  await clickWord(foundWords, aFrom);
  await clickWord(foundWords, london);
  await expect(found.getByText(`Chosen: “${said(a.words, aFrom, london)}”`)).toBeVisible();
  await found.getByRole('button', { name: 'Add clip' }).click();
  await expect(page.getByTestId('story-clip')).toHaveCount(1);

  // The other collaborator's answer, by the collaborator filter: its first words.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByLabel('Collaborator', { exact: true }).selectOption({ label: `${people[1]!.firstName} ${people[1]!.lastName}` });
  const other = page.getByRole('list', { name: 'Transcribed answers' }).getByRole('article');
  await expect(other).toHaveCount(1);
  await clickWord(other.getByRole('group'), 0);
  await clickWord(other.getByRole('group'), bTo);
  await other.getByRole('button', { name: 'Add clip' }).click();
  await expect(page.getByTestId('story-clip')).toHaveCount(2);
  const nameA = `${people[0]!.firstName} ${people[0]!.lastName[0]}.`;
  const nameB = `${people[1]!.firstName} ${people[1]!.lastName[0]}.`;
  expect(await clipSpeakers(page)).toEqual([`Clip 1: ${nameA}`, `Clip 2: ${nameB}`]);
  // Not approved yet: allowed, with a warning.
  await expect(page.getByTestId('story-clip').first().getByTestId('clip-warning')).toHaveText(/not approved yet/);

  // Reorder: drag the second clip onto the first, then the keyboard-accessible button back.
  await page.getByTestId('story-clip').nth(1).getByTestId('clip-handle').dragTo(page.getByTestId('story-clip').first());
  expect(await clipSpeakers(page)).toEqual([`Clip 1: ${nameB}`, `Clip 2: ${nameA}`]);
  await page.getByRole('button', { name: 'Move clip 2 up' }).click();
  expect(await clipSpeakers(page)).toEqual([`Clip 1: ${nameA}`, `Clip 2: ${nameB}`]);

  // Trim at word boundaries: clip 1 starts a word later, clip 2 ends a word earlier.
  await page.getByRole('button', { name: 'Clip 1: start one word later' }).click();
  await page.getByRole('button', { name: 'Clip 2: end one word earlier' }).click();
  const aRange = [aFrom + 1, london] as const;
  const bRange = [0, bTo - 1] as const;
  const clip1 = page.getByTestId('story-clip').first();
  await expect(clip1.getByTestId('clip-words').locator('[data-look="clip"]')).toHaveText(a.words.slice(aRange[0], aRange[1] + 1).map((w) => w.text));
  const total = seconds(a.words, ...aRange) + seconds(b.words, ...bRange);
  const shown = (s: number) => {
    const t = Math.round(s * 10) / 10;
    return `${Math.floor(t / 60)}:${(t % 60).toFixed(1).padStart(4, '0')}`;
  };
  await expect(page.getByTestId('story-total')).toContainText(`Length ${shown(total)} · 2 clips · 2 speakers`);

  // Preview without rendering: the first clip plays, then the second follows in the other player.
  const preview = page.getByTestId('story-preview');
  await page.getByRole('button', { name: 'Play preview' }).click();
  await expect(preview).toHaveAttribute('data-clip-index', '0');
  await expect(clip1).toHaveAttribute('aria-current', 'true');
  const active = preview.locator('video[data-active]');
  await expect.poll(() => active.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(a.words[aRange[0]]!.start);
  await expect(preview).toHaveAttribute('data-clip-index', '1', { timeout: 15_000 });
  await expect(page.getByTestId('story-clip').nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(active).toHaveAttribute('data-slot', '1');
  await expect.poll(() => active.evaluate((v: HTMLVideoElement) => (v.paused ? -1 : v.currentTime)), { timeout: 10_000 }).toBeGreaterThan(b.words[0]!.start);
  await expect(preview).toHaveAttribute('data-state', 'done', { timeout: 15_000 });

  // Save: the new story gets its address.
  await page.getByLabel('Title', { exact: true }).fill('Why we stay');
  await page.getByRole('button', { name: 'Save story' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaignId}/stories/(?!new)[^/]+$`));
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

  // Render 16:9 and wait for it.
  await page.getByRole('button', { name: 'Render 16:9' }).click();
  const render = page.getByRole('listitem', { name: '16:9 render' });
  await expect(render.getByTestId('render-status')).toHaveText('Ready', { timeout: 240_000 });

  // The rendered MP4 lasts the story and plays.
  const video = render.getByTestId('rendered-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(0);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(duration - total)).toBeLessThanOrEqual(0.5);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await expect(render.getByRole('link', { name: 'Download the MP4' })).toHaveAttribute('href', /.+/);
  await expect(render.getByRole('link', { name: 'Captions (SRT)' })).toHaveAttribute('href', /.+/);
  await expect(render.getByRole('link', { name: 'Captions (WebVTT)' })).toHaveAttribute('href', /.+/);

  // Provenance: who, which answer, which seconds.
  const provenance = render.getByTestId('provenance-clip');
  await expect(provenance).toHaveCount(2);
  await expect(provenance.first()).toContainText(nameA);
  await expect(provenance.first()).toContainText('Why do you stay?');
  await expect(provenance.first()).toContainText(said(a.words, ...aRange));
  await expect(provenance.nth(1)).toContainText(nameB);
  await expect(provenance.nth(1)).toContainText(said(b.words, ...bRange));

  // The editor with a story, its preview and its render: no serious accessibility violation.
  await expectNoSeriousViolations(page, 'the story editor');

  // An unsaved change is not lost to a stray click: leaving asks first, staying keeps it.
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('Why we stay, unsaved');
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(title).toHaveValue('Why we stay, unsaved');
  await expect(page).toHaveURL(/\/stories\/[^/]+$/);
});
