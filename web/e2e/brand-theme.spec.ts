import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn, staffApi } from './helpers';

/**
 * Settings → Brand theme (issue 23): an admin changes the stories' colours and font, sees the
 * preview follow (in the font itself, loaded for this screen only), saves, and finds them again
 * after a reload; a creator has no such screen, and the API refuses their change.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const ADMIN = 'admin@storyhive-demo.org';
const CREATOR = 'creator@storyhive-demo.org';
const DEFAULT_THEME = {
  background: '#111827',
  text: '#ffffff',
  accent: '#2563eb',
  font: 'dejavuSans',
  logoPosition: 'endCardOnly',
  captionSize: 'medium',
  captionBox: true,
};

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await staffApi(ADMIN);
  // Each run starts from the default theme.
  expect((await admin.put(`${BASE}/api/organisation/theme`, { data: DEFAULT_THEME })).status()).toBe(200);
});

test.afterAll(async () => {
  // The demo organisation keeps the default theme for the specs after this one.
  await admin.put(`${BASE}/api/organisation/theme`, { data: DEFAULT_THEME });
  await admin.dispose();
});

test('an admin changes the colours and the font, previews, saves and finds them after a reload', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (req) => {
    if (/\.woff2?$/.test(new URL(req.url()).pathname)) fonts.push(new URL(req.url()).pathname);
  });
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  // No theme font is loaded before the screen is opened.
  expect(fonts).toEqual([]);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Brand theme' }).click();
  await expect(page).toHaveURL(/\/settings\/brand$/);
  await expect(page.getByRole('heading', { name: 'Brand theme' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Brand theme' });
  const title = page.getByTestId('preview-title-card');
  await expect(form.getByLabel('Card background', { exact: true })).toHaveValue('#111827');
  await expect(title).toHaveCSS('background-color', 'rgb(17, 24, 39)');
  await expect(title).toHaveCSS('font-family', '"DejaVu Sans", sans-serif');

  await form.getByLabel('Card background', { exact: true }).fill('#0F766E');
  await form.getByLabel('Lower third', { exact: true }).fill('#be123c');
  await form.getByLabel('Font').selectOption({ label: 'Lato' });
  await expect(title).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(title).toHaveCSS('font-family', /^"?Lato"?, sans-serif$/);
  await expect(page.getByTestId('preview-lower-third')).toHaveCSS('background-color', 'rgb(190, 18, 60)');
  await expect(page.getByTestId('preview-end-card')).toHaveCSS('font-family', /^"?Lato"?, sans-serif$/);
  // The preview is drawn in Lato itself, fetched for this screen.
  await expect.poll(() => fonts.some((f) => /lato/i.test(f))).toBe(true);
  await expect.poll(() => page.evaluate(async () => (await document.fonts.load('16px "Lato"', 'Why')).length)).toBeGreaterThan(0);

  // The other shapes of the same preview.
  await page.getByRole('button', { name: '9:16' }).click();
  const clip = await page.getByTestId('preview-clip').boundingBox();
  expect(clip!.height).toBeGreaterThan(clip!.width * 1.7);
  await page.getByRole('button', { name: '1:1' }).click();
  const square = await page.getByTestId('preview-clip').boundingBox();
  expect(Math.abs(square!.height - square!.width)).toBeLessThan(2);

  await expect(page.getByText('Not saved yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Brand theme saved. Stories rendered from now on use it.')).toBeVisible();
  await expect(form.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('form', { name: 'Brand theme' }).getByLabel('Card background', { exact: true })).toHaveValue('#0f766e');
  await expect(page.getByRole('form', { name: 'Brand theme' }).getByLabel('Lower third', { exact: true })).toHaveValue('#be123c');
  await expect(page.getByLabel('Font')).toHaveValue('lato');
  await expect(page.getByTestId('preview-title-card')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(page.getByTestId('preview-title-card')).toHaveCSS('font-family', /^"?Lato"?, sans-serif$/);
  const stored = (await (await admin.get(`${BASE}/api/organisation/theme`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ background: '#0f766e', accent: '#be123c', font: 'lato' });

  // A colour the API refuses is refused by the form first, by its field; nothing is saved.
  await page.getByRole('form', { name: 'Brand theme' }).getByLabel('Text', { exact: true }).fill('#0f766e');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The text colour must differ from the background colour, or the cards' text cannot be read")).toBeVisible();
  expect(((await (await admin.get(`${BASE}/api/organisation/theme`)).json()) as { text: string }).text).toBe('#ffffff');
});

test('a creator has no brand theme screen, and the API refuses their change', async ({ page }) => {
  await signIn(page, CREATOR, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Brand theme' })).toHaveCount(0);
  await page.goto('/settings/brand');
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByRole('heading', { name: 'Brand theme' })).toHaveCount(0);

  const creator = await staffApi(CREATOR);
  const refused = await creator.put(`${BASE}/api/organisation/theme`, { data: { ...DEFAULT_THEME, background: '#000000' } });
  expect(refused.status()).toBe(403);
  // It may read the theme (its stories are rendered in it), and nothing changed.
  const theme = await creator.get(`${BASE}/api/organisation/theme`);
  expect(theme.status()).toBe(200);
  expect(((await theme.json()) as { background: string }).background).not.toBe('#000000');
  await creator.dispose();
});
