import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { ok, randomLetters, staffApi } from './helpers';

/**
 * The world of the publishing specs (issue 22): a live campaign whose collaborators each answered
 * its question with a real take (uploaded through the studio, converted by the media worker), and
 * approved by staff through the API, as the inbox would.
 */
export const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
export const ADMIN = 'admin@storyhive-demo.org';
export const COORDINATOR = 'coordinator@storyhive-demo.org';
export const QUESTION = 'What does the harbour mean to you?';

export type Collaborator = { firstName: string; lastName: string; contributorId: string; link: string };
export type World = { campaignId: string; title: string; questionId: string; staff: APIRequestContext; people: Collaborator[] };

export const CHROMIUM = {
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'),
  viewport: { width: 1280, height: 900 },
};

/** Four seconds of picture and tone, as a browser records (VP8 + Opus WebM). */
export function shortTake(path: string) {
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=0x2a6f97:s=640x360:r=25:d=4',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', '-shortest', path,
  ]);
}

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

/** Makes the world: `names` collaborators, each with an approved, playable answer. */
export async function makeWorld(browser: Browser, file: string, names: [string, string][]): Promise<World> {
  const staff = await staffApi(ADMIN);
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `Publishing ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `pub-${suffix}`.slice(0, 30) } }));
  const title = `Harbour voices ${suffix}`;
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: 'Stories published by the end-to-end test.',
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
  const questions = await ok<{ campaignQuestionId: string }[]>(await staff.get(`${BASE}/api/question/list/${campaign.id}`));
  const questionId = questions[0]!.campaignQuestionId;
  const people: Collaborator[] = [];
  for (const [firstName, lastName] of names) {
    const invited = await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
      await staff.post(`${BASE}/api/campaign/add-contributor`, {
        data: { campaignId: campaign.id, email: `pub-${firstName.toLowerCase()}-${suffix}@example.org`, firstName, lastName },
      }),
    );
    people.push({ firstName, lastName, contributorId: invited.contributor.contributorId, link: invited.contributor.inviteLink! });
  }
  for (const person of people) await answer(browser, person.link, file);
  for (const person of people) {
    await expect
      .poll(
        async () => {
          const res = await staff.get(`${BASE}/api/campaign/video-info/${campaign.id}/${person.contributorId}/${questionId}`);
          return res.ok() ? ((await res.json()) as { status: string }).status : `${res.status()}`;
        },
        { timeout: 150_000, intervals: [2000] },
      )
      .toBe('ready');
    await ok(
      await staff.put(`${BASE}/api/campaign/answer-review`, {
        data: { campaignId: campaign.id, contributorId: person.contributorId, journeyId: questionId, status: 'approved' },
      }),
    );
  }
  return { campaignId: campaign.id, title, questionId, staff, people };
}

/** Publishes a collaborator's approved answer through the API (as the inbox's Publish does). */
export async function publishAnswer(world: World, person: Collaborator, title: string) {
  return ok<{ publicationId: string; slug: string; shareUrl: string; embedUrl: string }>(
    await world.staff.post(`${BASE}/api/publications`, {
      data: { kind: 'answer', campaignId: world.campaignId, contributorId: person.contributorId, questionId: world.questionId, title },
    }),
  );
}
