import { expect, test } from '@playwright/test';
import {
  followMailLink,
  randomLetters,
  signIn,
  signOut,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  verifyFromMailbox,
} from './helpers';

test('sign up, verify by e-mail, sign in, sign out', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await verifyFromMailbox(page, email);

  await signIn(page, email, STRONG_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  // A new organisation's super admin is taken through set-up first (organisation.spec.ts).
  await expect(page).toHaveURL(/\/user-setup$/);
  await expect(page.getByRole('heading', { name: 'User setup' })).toBeVisible();

  // The theme belongs to the device: signing out (which reloads the page) keeps it.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await signOut(page);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test('forgot password: reset link from the mailbox sets a new password', async ({ page }) => {
  const email = uniqueEmail('e2e-reset');
  const newPassword = 'Storyhive-New-2@';
  await signUp(page, email);
  await verifyFromMailbox(page, email);

  await page.goto('/forgot-password');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.locator('[data-toast="success"]').first()).toBeVisible();

  await followMailLink(page, email, 'reset-password');
  await expect(page).toHaveURL(/\/reset-password\?/);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, newPassword);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await signOut(page);

  await signIn(page, email, STRONG_PASSWORD);
  await expect(page.getByText('Please enter correct email and password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('seeded admin lands on the dashboard and updates the profile', async ({ page }) => {
  await signIn(page, 'admin@storyhive-demo.org', 'Storyhive-Demo-2026!');
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const welcome = page.getByRole('heading', { name: /^Welcome, / });
  await expect(welcome).toBeVisible();

  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  const firstName = page.getByLabel('First name');
  await expect(firstName).not.toHaveValue('');
  const original = await firstName.inputValue();
  // The dashboard greets the admin by this name.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: `Welcome, ${original}` })).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).first().click();

  const changed = `Demo${randomLetters(5)}`;
  await firstName.fill(changed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue(changed);

  // Put the seeded name back.
  await page.getByLabel('First name').fill(original);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
});
