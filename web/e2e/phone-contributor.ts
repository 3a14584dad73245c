import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, type Theme } from './axe';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { ok, randomLetters, staffApi } from './helpers';

/**
 * A collaborator on a phone, for the specs that follow one through the contributor pages: the
 * campaign staff set up through the API, the invitation link from the dev mailbox, and the phone's
 * browser (fake camera and microphone, as in contributor-journey.spec.ts).
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS),
};

export type ScriptedCampaign = { link: string; title: string; questions: string[] };

/**
 * As staff: a portrait campaign with a campaign script and one question per entry of `questions`
 * (each with its own script when given), published, with one invited collaborator. `settings` adds
 * to the campaign's fields (its `language`, say).
 */
export async function publishAndInvite(
  campaignScript: string,
  questions: { question: string; script?: string; timeLimitSeconds?: number }[],
  settings: Record<string, unknown> = {},
): Promise<ScriptedCampaign> {
  const staff = await staffApi();
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const title = `Phone stories ${suffix}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E phone ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `phone-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string; version: number }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: 'Stories recorded on a phone by the end-to-end test.',
        initiativeId: initiative.id,
        type: 'targeted',
        visibility: 'public',
        mode: 'portrait',
        deadline: '2030-06-01',
        expiryDate: '2030-06-30',
        tags: [tag.id],
        ...settings,
      },
    }),
  );
  for (const [i, q] of questions.entries()) {
    await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, sequence: i + 1, ...q } }));
  }
  const { version } = await ok<{ version: number }>(await staff.get(`${BASE}/api/campaign/${campaign.id}`));
  await ok(await staff.post(`${BASE}/api/campaign/save-script`, { data: { campaignId: campaign.id, script: campaignScript, version } }));
  await ok(await staff.put(`${BASE}/api/campaign/complete/${campaign.id}`));
  const email = `phone-${suffix}@example.org`;
  await ok(await staff.post(`${BASE}/api/campaign/add-contributor`, { data: { campaignId: campaign.id, email, firstName: 'Robin', lastName: 'Phone' } }));
  // The invitation e-mail, from the dev mailbox (newest first).
  let link: string | null = null;
  const deadline = Date.now() + 30_000;
  while (!link && Date.now() < deadline) {
    const body: unknown = await (await staff.get(`${BASE}/_dev/mailbox.json`)).json().catch(() => []);
    const mails = (Array.isArray(body) ? body : []) as { to: string[]; body: string }[];
    const mail = mails.find((m) => m.to.some((t) => t.toLowerCase() === email));
    const href = mail?.body.match(/href="([^"]*\/contributor\/[^"]+)"/)?.[1];
    if (href) link = href.replace(/&amp;/g, '&');
    else await new Promise((r) => setTimeout(r, 500));
  }
  expect(link, `an invitation e-mail to ${email}`).not.toBeNull();
  await staff.dispose();
  return { link: link!, title, questions: questions.map((q) => q.question) };
}

/** Opens the link, gives the details and consents: the journey. */
export async function acceptOnPhone(page: Page, campaign: ScriptedCampaign) {
  await page.goto(campaign.link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.title);
  // The first screen says what people decide on and how to begin (issue 28, item 8).
  await expect(page.getByRole('list', { name: 'At a glance' })).toContainText(/About \d+ min/);
  const start = page.getByRole('link', { name: 'Get started' });
  await expect(start).toBeInViewport({ ratio: 1 });
  await start.click();
  await expect(page.getByLabel('First name')).toBeInViewport();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Phone');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await expect(page.getByTestId('journey-question')).toHaveCount(campaign.questions.length);
}

/** Records a take of about `seconds`; the review dialog is open afterwards. */
export async function recordTake(page: Page, seconds: number) {
  const start = page.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await expect(page.getByTestId('recording-timer')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
}

/**
 * axe on the screen as it is, in both themes. The theme is switched in place, as the theme toggle
 * does (applyTheme), so that a dialog or a studio in the middle of a recording session stays as it is.
 */
export async function expectAccessibleInBothThemes(page: Page, screen: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle('dark', t === 'dark');
      document.documentElement.style.colorScheme = t;
    }, theme);
    await expectNoSeriousViolations(page, `${screen}, ${theme} theme`);
  }
}
