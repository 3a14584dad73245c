import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { PHONE, publishAndInvite, type ScriptedCampaign } from './phone-contributor';

/**
 * The collaborator pages in each of their six languages (issue 24): the browser's language picks
 * the page's, every page shows its texts in it with no missing message, Arabic runs right to left,
 * the switcher changes the language and this browser remembers it, and the JavaScript before the
 * camera opens stays within the 60 KB gzip budget in every language.
 *
 * English, Spanish and Arabic (right to left) go through every page to the good-job page, a take
 * recorded and submitted; French, German and Portuguese through the landing page, the journey,
 * the studio and the script page. Those three use the same pages with their own catalog, and
 * catalogs.test.ts checks that each catalog has every message, translated, with English's
 * placeholders.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');

type Catalog = Record<keyof typeof import('../src/features/contributor-journey/i18n/catalogs/en.json'), string>;
/** A language's messages, as the pages show them (those without placeholders are shown as written). */
const catalog = (code: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../src/features/contributor-journey/i18n/catalogs/${code}.json`, import.meta.url), 'utf8')) as Catalog;
const [en, es, fr, de, pt, ar] = ['en', 'es', 'fr', 'de', 'pt', 'ar'].map(catalog) as [Catalog, Catalog, Catalog, Catalog, Catalog, Catalog];
/** Each language, its browser's locale, its messages, and whether a take is recorded and submitted in it. */
const LOCALES: [string, string, Catalog, 'every page' | 'to the script'][] = [
  ['en', 'en-GB', en, 'every page'],
  ['es', 'es-ES', es, 'every page'],
  ['fr', 'fr-FR', fr, 'to the script'],
  ['de', 'de-DE', de, 'to the script'],
  ['pt', 'pt-BR', pt, 'to the script'],
  ['ar', 'ar-SA', ar, 'every page'],
];

test.use({ launchOptions: PHONE.launchOptions });

/** A phone in `locale`, recording the missing-message errors and the scripts it downloads. */
async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({ baseURL: BASE, locale, viewport: PHONE.viewport, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    const md = navigator.mediaDevices;
    const original = md.getUserMedia.bind(md);
    md.getUserMedia = (c) => {
      (window as unknown as { __cameraOpenedAt?: number }).__cameraOpenedAt ??= performance.now();
      return original(c);
    };
  });
  const page = await context.newPage();
  const missing: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Missing message')) missing.push(m.text());
  });
  const scripts: { path: string; gzip: number; at: number }[] = [];
  let reading = 0;
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const at = Date.now();
    reading += 1;
    const body = await res.body().catch(() => null);
    if (body) scripts.push({ path: new URL(res.url()).pathname, gzip: gzipSync(body).length, at });
    reading -= 1;
  });
  return { context, page, missing, scripts, settled: () => expect.poll(() => reading).toBe(0) };
}

async function expectLanguage(page: Page, code: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
}

/** On the landing page: the details and the consent, then the journey. */
async function accept(page: Page, campaign: ScriptedCampaign, m: Catalog) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.title);
  await expect(page.getByRole('link', { name: m['landing.getStarted'] })).toBeVisible();
  await page.getByLabel(m['landing.firstName'], { exact: true }).fill('Robin');
  await page.getByLabel(m['landing.lastName'], { exact: true }).fill('Phone');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: m['landing.getStarted'] }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
}

for (const [code, browserLocale, m, reach] of LOCALES) {
  const title = reach === 'every page' ? `every collaborator page in ${code}` : `the collaborator pages to the script in ${code}`;
  test(`${title} (browser ${browserLocale})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const campaign = await publishAndInvite('<p>Say who you are.</p>', [{ question: 'What brought you here?', script: '<p>I came for the sea.</p>' }]);
    const { context, page, missing, scripts, settled } = await phone(browser, browserLocale);
    try {
      // Landing and details: the questions stay as staff wrote them.
      await page.goto(campaign.link);
      await expectLanguage(page, code);
      await expect(page.getByRole('heading', { name: m['landing.yourDetails'] })).toBeVisible();
      await expect(page.getByText('What brought you here?')).toBeVisible();
      await expect(page.getByRole('combobox', { name: m['language.label'] })).toHaveValue(code);
      // Right to left in Arabic: the header starts on the right (the organisation), then "via Storyhive".
      const organisation = await page.getByTestId('organisation-brand').boundingBox();
      const tool = await page.locator('header').getByRole('img', { name: 'Storyhive', exact: true }).boundingBox();
      expect(organisation && tool && (code === 'ar' ? organisation.x > tool.x : organisation.x < tool.x), 'header direction').toBe(true);
      if (code === 'en' || code === 'ar') await expectNoSeriousViolations(page, `landing (${code})`);
      await accept(page, campaign, m);

      // Journey.
      await expect(page.getByRole('button', { name: m['journey.practice'] })).toBeVisible();
      await expect(page.getByTestId('question-status')).toHaveText(m['state.toRecord']);

      // Studio, straight from the journey as in contributor-journey.spec.ts: the budget counts what
      // was downloaded before the camera opened.
      await page.getByRole('button', { name: m['common.startRecording'] }).click();
      await expect(page.getByTestId('studio')).toBeVisible();
      const record = page.getByRole('button', { name: m['common.startRecording'] });
      await expect(record).toBeEnabled({ timeout: 20_000 });
      expect(await page.evaluate(() => (window as unknown as { __cameraOpenedAt?: number }).__cameraOpenedAt)).toBeDefined();
      const cameraOpenedAt = Date.now();
      await settled();
      const before = scripts.filter((s) => s.at <= cameraOpenedAt);
      const kb = before.reduce((n, s) => n + s.gzip, 0) / 1024;
      console.log(`BUNDLE ${code} before the camera opens: JS ${kb.toFixed(1)} KB gzip in ${before.length} files`);
      for (const s of before) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB ${s.path}`);
      expect(kb, `KB gzip of JavaScript before the camera opens (${code})`).toBeLessThanOrEqual(60);
      // Only this language's catalog was downloaded.
      const catalogs = new Set(scripts.map((s) => s.path.match(/\/assets\/(en|es|fr|de|pt|ar)-[\w-]+\.js$/)?.[1]).filter(Boolean));
      expect([...catalogs]).toEqual([code]);

      await expect(page.getByRole('button', { name: m['studio.flip'] })).toBeVisible();
      await expect(page.getByTestId('studio-question')).toHaveText('What brought you here?');
      if (code === 'en' || code === 'ar') await expectNoSeriousViolations(page, `studio (${code})`);
      await page.getByRole('button', { name: m['studio.back'] }).click();

      // Journey, then the script page (loaded when opened).
      await expect(page.getByRole('button', { name: m['journey.practice'] })).toBeVisible();
      if (code === 'en' || code === 'ar') await expectNoSeriousViolations(page, `journey (${code})`);
      await page.getByRole('link', { name: m['journey.prepareScript'] }).click();
      await expect(page.getByLabel(m['script.yours'])).toHaveValue('I came for the sea.');
      await page.getByRole('link', { name: m['script.back'] }).click();
      await expect(page.getByRole('button', { name: m['journey.practice'] })).toBeVisible();
      if (reach === 'to the script') {
        expect(missing, 'missing messages').toEqual([]);
        return;
      }

      // Recording an answer.
      await page.getByRole('button', { name: m['common.startRecording'] }).click();
      await expect(record).toBeEnabled({ timeout: 20_000 });
      await record.click();
      await expect(page.getByTestId('recording-timer')).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(1500);
      await page.getByRole('button', { name: m['studio.stop'] }).click();
      await expect(page.getByRole('dialog', { name: m['studio.take'] })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: m['studio.reviewForSubmission'] }).click();

      // Journey, once stored; then submitted: the good-job page.
      await expect(page).toHaveURL(/\/contributor-journey$/);
      await expect(page.getByTestId('question-status')).toHaveText(m['state.stored'], { timeout: 60_000 });
      await page.getByRole('button', { name: m['journey.submitForReview'] }).click();
      await page.getByRole('dialog', { name: m['journey.confirmTitle'] }).getByRole('button', { name: m['journey.confirmSubmit'] }).click();
      await expect(page.getByRole('heading', { level: 1, name: m['goodJob.title'] })).toBeVisible({ timeout: 20_000 });
      await expectLanguage(page, code);
      if (code === 'en' || code === 'ar') await expectNoSeriousViolations(page, `good job (${code})`);

      expect(missing, 'missing messages').toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('the switcher changes the language at once and this browser remembers it', async ({ browser }) => {
  const campaign = await publishAndInvite('<p>Say who you are.</p>', [{ question: 'What brought you here?' }]);
  const { context, page, missing } = await phone(browser, 'fr-FR');
  try {
    await page.goto(campaign.link);
    await expectLanguage(page, 'fr');
    await page.getByLabel(fr['landing.firstName'], { exact: true }).fill('Robin');
    const switcher = page.getByRole('combobox', { name: fr['language.label'] });
    // Each language named in itself.
    await expect(switcher.locator('option')).toHaveText(['English', 'Español', 'Français', 'Deutsch', 'Português', 'العربية']);
    await switcher.selectOption('ar');
    await expectLanguage(page, 'ar');
    await expect(page.getByRole('heading', { name: ar['landing.yourDetails'] })).toBeVisible();
    // What was typed stays.
    await expect(page.getByLabel(ar['landing.firstName'], { exact: true })).toHaveValue('Robin');
    await page.getByRole('combobox', { name: ar['language.label'] }).selectOption('de');
    await expect(page.getByRole('heading', { name: de['landing.yourDetails'] })).toBeVisible();

    await page.reload();
    await expectLanguage(page, 'de');
    expect(await page.evaluate(() => window.localStorage.getItem('contributorLocale'))).toBe('de');
    await expect(page.getByRole('link', { name: de['landing.getStarted'] })).toBeVisible();
    await accept(page, campaign, de);
    await expect(page.getByRole('button', { name: de['journey.practice'] })).toBeVisible();
    expect(missing).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a browser in a language the pages do not have gets the campaign’s language', async ({ browser }) => {
  const campaign = await publishAndInvite('<p>Cuéntanos.</p>', [{ question: '¿Qué te trajo aquí?' }], { language: 'es' });
  const { context, page } = await phone(browser, 'it-IT');
  try {
    await page.goto(campaign.link);
    await expect(page.getByRole('link', { name: es['landing.getStarted'] })).toBeVisible();
    await expectLanguage(page, 'es');
    await page.reload();
    await expect(page.getByRole('link', { name: es['landing.getStarted'] })).toBeVisible();
  } finally {
    await context.close();
  }
});
