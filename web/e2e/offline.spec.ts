import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { ok } from './helpers';

/**
 * The service worker (src/sw.ts) in the production build the gateway serves: registered for the whole
 * origin, an invited contributor's journey opens offline, and a take recorded offline is stored once
 * the connection is back. Debian's Chromium with a fake camera; the browser context goes offline with
 * `context.setOffline` (pages and the service worker alike).
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };

test.use({
  serviceWorkers: 'allow',
  viewport: { width: 1280, height: 800 },
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS),
});

/** A request to the video bucket through a presigned URL. */
const isStorage = (url: string) => /[?&]X-Amz-Signature=/.test(url);

type Invitation = { link: string; email: string; campaignId: string; tenantId: string; contributorId: string; questions: string[]; staff: APIRequestContext };

/** A campaign with `questions` and an invited contributor; returns the e-mailed link. */
async function invite(questions: string[]): Promise<Invitation> {
  const anon = await playwrightRequest.newContext();
  const login = await ok<{ accessToken: string }>(await anon.post(`${BASE}/api/auth/login`, { data: ADMIN }));
  await anon.dispose();
  const staff = await playwrightRequest.newContext({ extraHTTPHeaders: { Authorization: `Bearer ${login.accessToken}` } });
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6).replace(/[0-9]/g, 'x')}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E offline ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `off-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Offline ${suffix}`,
        description: 'Stories recorded by the offline end-to-end test.',
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
  for (const [i, question] of questions.entries()) {
    await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question, sequence: i + 1 } }));
  }
  const email = `off-${suffix}@example.org`;
  const invited = await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email, firstName: 'Olive', lastName: 'Offline' },
    }),
  );
  const link = invited.contributor.inviteLink;
  expect(link, 'the invitation link').toBeTruthy();
  const [, , tenantId] = new URL(link!).pathname.split('/');
  return { link: link!, email, campaignId: campaign.id, tenantId: tenantId!, contributorId: invited.contributor.contributorId, questions, staff };
}

/** Opens the link, gives the details and consents: lands on the journey. */
async function acceptInvitation(page: Page, inv: Invitation) {
  await page.goto(inv.link);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Offline');
  const first = page.getByLabel('First name');
  if (await first.isVisible()) {
    await first.fill('Olive');
    await page.getByLabel('Last name').fill('Offline');
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await expect(page.getByTestId('journey-question')).toHaveCount(inv.questions.length);
}

/** Paths of the requests the service worker keeps in `cacheName` (or in its precache: 'precache'). */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const paths: string[] = [];
    for (const key of await caches.keys()) {
      if (name === 'precache' ? !key.includes('precache') : key !== name) continue;
      for (const request of await (await caches.open(key)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  }, cacheName);
}

/**
 * Waits until the service worker controls the page and keeps the contributor's campaign and journey
 * (the first visit reads them before the worker takes over; the page reads them again through it).
 */
async function waitForOfflineCopy(page: Page, inv: Invitation) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 }).toBe('activated');
  const ids = `${inv.tenantId}/${inv.campaignId}/${inv.contributorId}`;
  await expect
    .poll(async () => (await cachedPaths(page, 'storyhive-contributor-reads')).sort(), { timeout: 30_000 })
    .toEqual(expect.arrayContaining([`/api/contributor/${ids}`, `/api/contributor-journey/${ids}`]));
}

const storedCount = (page: Page) => page.getByTestId('stored-count');

test('the production build registers one service worker for the whole origin; it precaches the contributor pages, not the staff app, and leaves the API, the mailbox and the API document to the network', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Storyhive' })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 }).toBe('activated');
  await page.reload();
  const controller = await page.evaluate(async () => ({
    script: navigator.serviceWorker.controller?.scriptURL ?? null,
    scope: (await navigator.serviceWorker.getRegistration())?.scope ?? null,
  }));
  expect(controller.script).toBe(`${new URL(page.url()).origin}/sw.js`);
  expect(controller.scope).toBe(`${new URL(page.url()).origin}/`);

  // Precached: the shell and every file of the contributor build; no staff screen.
  const precached = await cachedPaths(page, 'precache');
  const contributorFiles = Object.values((await (await page.request.get('/contributor-manifest.json')).json()) as Record<string, { file: string; css?: string[] }>).flatMap(
    (chunk) => [chunk.file, ...(chunk.css ?? [])].map((f) => `/${f}`),
  );
  expect(contributorFiles.length).toBeGreaterThan(1);
  expect(precached).toEqual(expect.arrayContaining(['/index.html', ...contributorFiles]));
  const bootScript = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')?.getAttribute('src'));
  expect(precached).toContain(bootScript);
  expect(precached.filter((p) => /main-|CampaignEditor|dashboard|campaigns|ResponseEditor|tiptap/i.test(p))).toEqual([]);

  // Not the app shell: the navigation fallback leaves these to the gateway.
  const openapi = await page.goto('/openapi.json');
  expect(openapi!.headers()['content-type']).toContain('application/json');
  expect(openapi!.fromServiceWorker()).toBe(false);
  const mailbox = await page.goto('/_dev/mailbox');
  expect(mailbox!.fromServiceWorker()).toBe(false);
  expect(await page.locator('#root').count()).toBe(0);
  // An app route is answered by the worker.
  const campaigns = await page.goto('/campaigns');
  expect(campaigns!.fromServiceWorker()).toBe(true);
});

test('an invited contributor who reopens their link offline sees their journey', async ({ context, page }) => {
  test.setTimeout(120_000);
  const inv = await invite(['What brought you here?', 'What would you tell a friend?']);
  await acceptInvitation(page, inv);
  await waitForOfflineCopy(page, inv);

  await context.setOffline(true);
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/contributor-journey');
  await expect(reopened.getByRole('heading', { level: 1 })).toContainText('Offline');
  const questions = reopened.getByTestId('journey-question');
  await expect(questions).toHaveCount(2);
  await expect(questions.nth(0)).toContainText(inv.questions[0]!);
  await expect(questions.nth(1)).toContainText(inv.questions[1]!);
  await expect(storedCount(reopened)).toHaveText('0 of 2 answers safely stored');
  // Truly offline: the API is out of reach from the page.
  expect(await reopened.evaluate(() => fetch('/api/health').then(() => 'reached', () => 'unreachable'))).toBe('unreachable');

  // The link from the e-mail opens too (the campaign's page).
  await reopened.goto(inv.link);
  await expect(reopened.getByRole('heading', { level: 1 })).toContainText('Offline');
});

test('a take recorded offline stays in the browser, survives a reopen, and is stored once when the connection comes back', async ({ context, page }) => {
  test.setTimeout(180_000);
  const inv = await invite(['Who are you and what do you do?']);
  const answered: string[] = [];
  let storagePuts = 0;
  page.on('response', (res) => {
    const m = /\/contributor-upload\/(start|complete)$/.exec(new URL(res.url()).pathname);
    if (m && res.ok()) answered.push(m[1]!);
    if (isStorage(res.url()) && res.request().method() === 'PUT' && res.ok()) storagePuts += 1;
  });
  await acceptInvitation(page, inv);
  await waitForOfflineCopy(page, inv);
  await page.getByRole('button', { name: 'Start recording' }).click();
  const start = page.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });

  // The connection drops in the studio: the take is recorded all the same.
  await context.setOffline(true);
  await start.click();
  await expect(page.getByTestId('recording-timer')).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(4000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await expect(page.getByTestId('question-status')).toContainText('Connection lost: saved on this device', { timeout: 20_000 });

  // Reopened while still offline: the journey and the take waiting in IndexedDB.
  await page.reload();
  await expect(page.getByTestId('journey-question')).toHaveCount(1);
  await expect(page.getByTestId('question-status')).toContainText('Connection lost: saved on this device', { timeout: 20_000 });
  await expect(storedCount(page)).toHaveText('0 of 1 answers safely stored');
  expect(answered).toEqual([]);

  await context.setOffline(false);
  await expect(storedCount(page)).toHaveText('1 of 1 answers safely stored', { timeout: 90_000 });
  // Sent once: one upload, one part, one completion.
  expect(answered.filter((c) => c === 'start')).toHaveLength(1);
  expect(answered.filter((c) => c === 'complete')).toHaveLength(1);
  expect(storagePuts).toBe(1);
  // The take left the browser only once stored.
  const takesLeft = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('storyhive-takes');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('takes').objectStore('takes').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
  expect(takesLeft).toBe(0);

  // Staff see one answer, stored and complete.
  type Answers = { items: { answers: { uploadStatus: string; video: { url: string; sizeBytes: number; durationSeconds: number } | null }[] }[] };
  const all = await ok<Answers>(await inv.staff.get(`${BASE}/api/contributor/${inv.campaignId}/all`));
  const answers = all.items.flatMap((c) => c.answers);
  expect(answers).toHaveLength(1);
  expect(answers[0]!.uploadStatus).toBe('stored');
  expect(answers[0]!.video!.durationSeconds).toBeGreaterThan(2.5);
  const video = await inv.staff.get(answers[0]!.video!.url);
  expect(video.status()).toBe(200);
  expect((await video.body()).length).toBe(answers[0]!.video!.sizeBytes);
});
