import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { ok } from './helpers';
import { BASE, CHROMIUM, makeWorld, publishAnswer, shortTake, type World } from './publishing-world';

/**
 * The public side of publishing (issue 22), as the public meets it: no sign-in, a fresh browser.
 * The share page plays the video with captions on and carries its preview tags; oEmbed answers
 * valid JSON; a wall embedded by its one script tag in a page of another origin renders, sizes its
 * iframe and plays in its lightbox; axe finds nothing serious on either, in both themes.
 */
test.use(CHROMIUM);

let world: World;
let story: { slug: string; shareUrl: string; publicationId: string };
let other: Server;
let otherOrigin: string;

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  const file = testInfo.outputPath('answer.webm');
  shortTake(file);
  world = await makeWorld(browser, file, [['Maya', 'Lindqvist']]);
  story = await publishAnswer(world, world.people[0]!, `The harbour at dawn ${Date.now().toString(36)}`);
  // A site of another origin that embeds a wall with one script tag.
  other = createServer((request, response) => {
    const wall = new URL(request.url ?? '/', 'http://x').searchParams.get('wall') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Our partners' site</title></head><body>` +
        `<h1>Stories from the harbour</h1><script src="${BASE}/p/wall-embed.js" data-wall="${wall}" async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const address = other.address();
  otherOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await world?.staff.dispose();
  other?.close();
});

test('the share page plays the story with captions on, carries its preview tags and answers oEmbed', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`/v/${story.slug}`);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  for (const tag of ['property="og:title"', 'property="og:video"', 'property="og:image"', 'name="twitter:card"', 'application/json+oembed']) {
    expect(html, tag).toContain(tag);
  }
  await expect(page.getByRole('heading', { level: 1 })).toContainText('The harbour at dawn');
  await expect(page.getByText('Maya L.')).toBeVisible();
  const video = page.locator('#story-video');
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).map((t) => `${t.kind}:${t.mode}`)))
    .toEqual(['captions:showing']);
  await expect(page.getByRole('link', { name: 'Captions (SRT)' })).toHaveAttribute('href', `/published/${story.slug}/captions.srt`);
  const srt = await request.get(`/published/${story.slug}/captions.srt`);
  expect(srt.status()).toBe(200);

  const oembed = await ok<Record<string, unknown>>(
    await request.get(`/api/public/oembed?format=json&url=${encodeURIComponent(story.shareUrl)}`),
  );
  expect(oembed).toMatchObject({ version: '1.0', type: 'video', provider_name: 'Storyhive' });
  expect(String(oembed.html)).toMatch(new RegExp(`^<iframe src="[^"]+/embed/${story.slug}"`));
  expect(typeof oembed.width).toBe('number');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousViolations(page, `share page, ${scheme}`);
  }
  const embed = await request.get(`/embed/${story.slug}`);
  expect(embed.headers()['content-security-policy']).toBe('frame-ancestors *');
  await context.close();
});

test('a wall embedded by one script tag on another site renders, sizes itself and plays in its lightbox', async ({ browser }) => {
  test.setTimeout(120_000);
  const wall = await ok<{ wallId: string }>(
    await world.staff.post(`${BASE}/api/walls`, { data: { title: 'Voices of the harbour', publicationIds: [story.slug] } }),
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${otherOrigin}/?wall=${wall.wallId}`);
  const frame = page.frameLocator('iframe[src*="/wall/"]');
  const item = frame.getByRole('link', { name: /The harbour at dawn/ });
  await expect(item).toBeVisible();
  // The wall told the page its height: the iframe left its first 480 px.
  await expect.poll(() => page.locator('iframe').evaluate((f: HTMLIFrameElement) => f.style.height)).not.toBe('480px');
  await item.click();
  const player = frame.getByRole('dialog', { name: 'Story player' }).locator('video');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await frame.getByRole('dialog', { name: 'Story player' }).press('Escape');
  await expect(frame.getByRole('dialog', { name: 'Story player' })).toBeHidden();

  const own = await context.newPage();
  await own.goto(`/wall/${wall.wallId}`);
  for (const scheme of ['light', 'dark'] as const) {
    await own.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousViolations(own, `wall, ${scheme}`);
  }
  await context.close();
});
