import { expect, test, type Page } from '@playwright/test';
import { followMailLink, randomLetters, signIn, signOut, signUp, STRONG_PASSWORD, uniqueEmail, verifyFromMailbox } from './helpers';

const ADMIN_PASSWORD = 'Storyhive-Admin-7#';
// A 6x4 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAYAAAAECAIAAAAiZtkUAAAAEUlEQVR4nGO4IyKChhjIFQIAsXkYYRhKTxwAAAAASUVORK5CYII=', 'base64');

async function toast(page: Page, text: string) {
  await expect(page.locator('[data-toast="success"]').filter({ hasText: text }).first()).toBeVisible();
}

test('an organisation grows into a team: set-up, an invited admin joins by e-mail, manages guidelines and is signed out when suspended', async ({
  page,
  browser,
}) => {
  // A super admin registers and is taken through user and company set-up first.
  const ownerEmail = uniqueEmail('e2e-owner');
  await signUp(page, ownerEmail);
  await verifyFromMailbox(page, ownerEmail);
  await signIn(page, ownerEmail, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/user-setup$/);
  await page.getByLabel('First name').fill('Olivia');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Profile updated successfully');
  await page.getByRole('button', { name: 'Continue to company setup' }).click();
  await expect(page).toHaveURL(/\/company-setup$/);
  await page.getByLabel('Company name').fill(`Team Films ${randomLetters(6)}`);
  await page.getByRole('button', { name: 'Save company details' }).click();
  await toast(page, 'Company details updated successfully');
  // The logo is uploaded as a PNG and kept as a JPEG.
  await page.getByLabel('Company logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await toast(page, 'Company logo uploaded successfully');
  const logoUrl = await page.getByRole('img', { name: 'Company logo' }).getAttribute('src');
  const logo = await (await page.request.get(logoUrl!)).body();
  expect([...logo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await page.getByLabel('New department').fill('Communications');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await toast(page, 'Department added successfully');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page).toHaveURL(/\/$/);

  // /users, from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  // Invite an admin.
  const adminEmail = uniqueEmail('e2e-admin');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByLabel('Work email').fill(adminEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('admin');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'User invited successfully' })).toBeVisible();
  const row = page.getByTestId('user-row').filter({ hasText: adminEmail });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Admin');

  // The admin, in their own browser, follows the e-mailed link and chooses a password.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await followMailLink(admin, adminEmail, '/accept-invitation');
  await expect(admin).toHaveURL(/\/accept-invitation\?token=/);
  await expect(admin.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  const firstName = `Ad${randomLetters(5)}`;
  await admin.getByLabel('First name').fill(firstName);
  await admin.getByLabel('Last name').fill('Morgan');
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await admin.getByLabel('Confirm password', { exact: true }).fill('Storyhive-Other-7#');
  await admin.getByRole('button', { name: 'Activate my account' }).click();
  await expect(admin.getByText('Passwords do not match')).toBeVisible();
  await admin.getByLabel('Confirm password', { exact: true }).fill(ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Activate my account' }).click();
  await expect(admin.getByTestId('staff-layout')).toBeVisible();
  await expect(admin).toHaveURL(/\/$/);

  // Signed out, the admin signs in on the staff sign-in page.
  await signOut(admin);
  await signIn(admin, adminEmail, ADMIN_PASSWORD, '/admin-login');
  await expect(admin.getByTestId('staff-layout')).toBeVisible();
  await expect(admin).toHaveURL(/\/$/);

  // The link was used up.
  const usedLink = await followMailLink(admin, adminEmail, '/accept-invitation');
  expect(usedLink).toContain('token=');
  await expect(admin.getByRole('alert')).toContainText('This invitation has already been accepted. Please sign in.');
  await admin.goto('/');
  await expect(admin.getByTestId('staff-layout')).toBeVisible();

  // The admin manages the organisation's guidelines.
  await admin.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Guidelines' }).click();
  await expect(admin).toHaveURL(/\/guidelines$/);
  await expect(admin.getByText('No guidelines present')).toBeVisible();
  await admin.getByRole('button', { name: 'Add title' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New guideline title' });
  await dialog.getByLabel('Title').fill('Before you record');
  await dialog.getByRole('textbox', { name: 'Guideline 1' }).fill('Find a quiet room');
  await dialog.getByRole('button', { name: 'Add title' }).click();
  await toast(admin, 'Guideline title added successfully');
  await expect(admin.getByRole('article', { name: 'Before you record' }).getByText('Find a quiet room')).toBeVisible();

  // The super admin sees them activated and suspends them (a 5-second confirm lock).
  await page.reload();
  await expect(row).toContainText('Activated');
  await expect(row).toContainText(`${firstName} Morgan`);
  await row.getByRole('button', { name: `Suspend ${adminEmail}` }).click();
  const confirm = page.getByRole('button', { name: 'Suspend user' });
  await confirm.click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'User suspended successfully' })).toBeVisible();
  await expect(row).toContainText('Suspended');

  // The admin's next click signs them out.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(admin).toHaveURL(/\/login$/);
  expect(await admin.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // And they cannot sign in again until resumed.
  await signIn(admin, adminEmail, ADMIN_PASSWORD, '/admin-login');
  await expect(admin.getByText('Your account has been suspended. Please contact your administrator.').first()).toBeVisible();

  await page.getByRole('button', { name: `Resume ${adminEmail}` }).click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'User resumed successfully' })).toBeVisible();
  await signIn(admin, adminEmail, ADMIN_PASSWORD, '/admin-login');
  await expect(admin.getByTestId('staff-layout')).toBeVisible();
  await adminContext.close();
});

test('a super admin who signs in on /admin-login is signed in (one sign-in)', async ({ page }) => {
  await signIn(page, 'superadmin@storyhive-demo.org', 'Storyhive-Demo-2026!', '/admin-login');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await expect(page).not.toHaveURL(/\/(admin-)?login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull();
});
