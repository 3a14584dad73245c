import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, ok, randomLetters, signIn, staffApi } from './helpers';

const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');

/** A call to the API from outside the browser, as an integration makes it (Node's fetch). */
async function withKey(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('an admin creates an API key, an integration reads campaigns with it, cannot write, and is refused once it is revoked', async ({ page }) => {
  const name = `CRM sync «${randomLetters(5)}» 🐝`;
  // A campaign of the demo organisation the key will read (made here: the seed has none, and
  // this spec may run on its own).
  const staff = await staffApi();
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `E2E keys ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `keys-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Keys ${suffix}`,
        description: 'A campaign an integration reads with its key.',
        initiativeId: initiative.id,
        type: 'evergreen',
        visibility: 'public',
        mode: 'landscape',
        tags: [tag.id],
      },
    }),
  );
  await staff.dispose();

  await signIn(page, 'admin@storyhive-demo.org', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  // Reached from the navigation, where the organisation's settings are.
  await page.getByRole('link', { name: 'Integrations' }).first().click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('radio', { name: 'Campaigns: read only' }).check();
  await form.getByRole('radio', { name: 'Answers: read only' }).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  // Shown once, copied with its button.
  const field = page.getByLabel('Your new API key');
  await expect(field).toHaveValue(/^shk_/);
  await expect(page.getByText('you will not see it again.')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(BASE).origin });
  await page.getByRole('button', { name: 'Copy api key' }).click();
  await expect(page.getByText('API key copied to clipboard!')).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(await field.inputValue());

  // The integration reads a campaign with it; a write it has no scope for is refused.
  const read = await withKey(key, 'GET', `/campaign/${campaign.id}`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const write = await withKey(key, 'POST', '/tags/add', { name: `k${randomLetters(6)}` });
  expect(write.status).toBe(403);
  expect(write.body.detail).toBe('This API key does not have the campaigns:write scope.');
  const users = await withKey(key, 'GET', '/user/getAllUsers');
  expect(users.status).toBe(403);

  // Listed with its last use once the panel is closed (the key itself is gone from the page).
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByLabel('Your new API key')).toHaveCount(0);
  await page.reload();
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText('Campaigns: read only');
  await expect(row).toContainText('Active');
  await expect(row.locator('[data-label="Last used"]')).not.toHaveText('Never');

  // Revoked behind the confirm lock, then refused at once.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
  const confirm = dialog.getByRole('button', { name: 'Revoke' });
  await confirm.click();
  await expect(page.getByText('API key revoked. Calls with it are refused from now on.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  const refused = await withKey(key, 'GET', `/campaign/${campaign.id}`);
  expect(refused.status).toBe(401);
  expect(refused.body.detail).toBe('This API key is not valid: it is unknown, revoked or expired.');
});
