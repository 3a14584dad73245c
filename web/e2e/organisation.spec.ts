import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { randomLetters, signIn, signUp, STRONG_PASSWORD, uniqueEmail, verifyFromMailbox } from './helpers';

const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
// A 6x4 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAYAAAAECAIAAAAiZtkUAAAAEUlEQVR4nGO4IyKChhjIFQIAsXkYYRhKTxwAAAAASUVORK5CYII=', 'base64');

function pdf(): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n';
  return Buffer.from(`${body}xref\n0 4\n0000000000 65535 f \ntrailer << /Size 4 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`);
}

async function toast(page: Page, text: string) {
  await expect(page.locator('[data-toast="success"]').filter({ hasText: text }).first()).toBeVisible();
}

test('a new super admin sets up their profile and company; a contributor sees the logo and accepts the terms', async ({ page, browser }) => {
  const email = uniqueEmail('e2e-setup');
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const company = `Setup Films ${suffix}`;
  await signUp(page, email);
  await verifyFromMailbox(page, email);
  await signIn(page, email, STRONG_PASSWORD);

  // Taken through user set-up before the dashboard; other screens lead back to it.
  await expect(page).toHaveURL(/\/user-setup$/);
  await expect(page.getByRole('heading', { name: 'User setup' })).toBeVisible();
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/user-setup$/);
  await expect(page.getByText('You can generate this list in the company settings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to company setup' })).toBeDisabled();
  await page.getByLabel('First name').fill('Margot');
  await page.getByLabel('Last name').fill('Setupova');
  await page.getByLabel('Role in company').fill('Founder');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Profile updated successfully');
  await page.getByRole('button', { name: 'Continue to company setup' }).click();

  // Company set-up: name, logo (PNG, kept as JPEG), a department, terms.
  await expect(page).toHaveURL(/\/company-setup$/);
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Industry').fill('Documentary');
  await page.getByRole('button', { name: 'Save company details' }).click();
  await toast(page, 'Company details updated successfully');

  await page.getByLabel('Company logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await toast(page, 'Company logo uploaded successfully');
  const logo = page.getByRole('img', { name: 'Company logo' });
  await expect(logo).toBeVisible();
  const logoUrl = await logo.getAttribute('src');
  const fetched = await page.request.get(logoUrl!);
  const bytes = await fetched.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  await page.getByLabel('New department').fill('Sales');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await toast(page, 'Department added successfully');
  await expect(page.getByRole('list', { name: 'Departments' }).getByText('Sales')).toBeVisible();

  await page.getByLabel('Terms and conditions').setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await toast(page, 'Terms and conditions uploaded successfully');

  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  // Still reachable afterwards, from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company setup' }).first().click();
  await expect(page).toHaveURL(/\/company-setup$/);
  await expect(page.getByRole('button', { name: 'Finish setup' })).toHaveCount(0);

  // A campaign with an invited contributor (through the API, as this super admin).
  const token = await page.evaluate(() => JSON.parse(window.localStorage.getItem('token') ?? '{}').access_token as string);
  const staff = await playwrightRequest.newContext({ extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const post = async <T,>(path: string, data: unknown): Promise<T> => {
    const res = await staff.post(`${BASE}/api${path}`, { data });
    expect(res.ok(), `${path} -> ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  const initiative = await post<{ id: string }>('/initiative/add', { name: `Setup ${suffix}` });
  const tag = await post<{ id: string }>('/tags/add', { name: `setup-${suffix}`.slice(0, 30) });
  const campaign = await post<{ id: string }>('/campaign/add', {
    title: `Setup campaign ${suffix}`,
    description: 'Organisation set-up, end to end.',
    initiativeId: initiative.id,
    type: 'evergreen',
    visibility: 'private',
    mode: 'portrait',
    tags: [tag.id],
  });
  await post('/question/add', { campaignId: campaign.id, question: 'Who are you?' });
  const invited = await post<{ contributor: { inviteLink: string } }>('/campaign/add-contributor', {
    campaignId: campaign.id,
    email: `setup-${suffix}@example.org`,
    firstName: 'Cleo',
    lastName: 'Contrib',
  });
  await staff.dispose();

  // The contributor's landing page: the logo, the terms, accepted before recording.
  const contributorContext = await browser.newContext({ baseURL: BASE });
  const visitor = await contributorContext.newPage();
  await visitor.goto(invited.contributor.inviteLink);
  await expect(visitor.getByRole('heading', { name: `Setup campaign ${suffix}`, level: 1 })).toBeVisible();
  // The organisation's logo, served through a short-lived presigned URL.
  const shownLogo = visitor.locator('img[src*="X-Amz-Signature"]').first();
  await expect(shownLogo).toBeVisible();
  const shownBytes = await (await visitor.request.get((await shownLogo.getAttribute('src'))!)).body();
  expect([...shownBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await expect(visitor.getByRole('link', { name: 'terms and conditions (PDF)' })).toBeVisible();

  await visitor.getByLabel(/I agree to be recorded/).check();
  await visitor.getByRole('button', { name: 'Get started' }).click();
  await expect(visitor.getByText('Please accept the terms and conditions to continue')).toBeVisible();
  await expect(visitor).toHaveURL(/\/contributor\//);
  await visitor.getByLabel('I have read and accept the terms and conditions.').check();
  await visitor.getByRole('button', { name: 'Get started' }).click();
  await expect(visitor).toHaveURL(/\/contributor-journey$/);

  // The acceptance is kept: the landing page says so and does not ask again.
  await visitor.goto(invited.contributor.inviteLink);
  await expect(visitor.getByTestId('terms-accepted')).toBeVisible();
  await expect(visitor.getByLabel('I have read and accept the terms and conditions.')).toHaveCount(0);
  await contributorContext.close();
});
