import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
/** The password of every seeded demo staff user. */
export const DEMO_PASSWORD = 'Storyhive-Demo-2026!';

/** An API client signed in as a staff user (the demo admin unless told). */
export async function staffApi(email = 'admin@storyhive-demo.org', password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const anon = await playwrightRequest.newContext();
  const res = await anon.post(`${BASE}/api/auth/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  await anon.dispose();
  return playwrightRequest.newContext({ extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` } });
}

/** The JSON body of a response that must have succeeded (the failure names the call and its answer). */
export async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()} -> ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

export const STRONG_PASSWORD = 'Storyhive-E2e-1!';

/** A unique work address for this run. */
export function uniqueEmail(prefix = 'e2e'): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}-${Date.now().toString(36)}${random}@acme-films.com`;
}

/** Random letters only (names may not hold digits or special characters). */
export function randomLetters(length = 6): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

/**
 * Opens the dev mailbox, waits for a message to `to` holding a link whose href contains `hrefPart`,
 * and clicks that link. The mailbox lists every message newest first; a message's container is the
 * nearest element around the link that also shows the To address and holds no other such link.
 */
export async function followMailLink(page: Page, to: string, hrefPart: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  let href: string | null = null;
  while (Date.now() < deadline) {
    await page.goto('/_dev/mailbox');
    href = await page.evaluate(
      ({ to, hrefPart }) => {
        const wanted = to.toLowerCase();
        const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((a) =>
          a.href.includes(hrefPart),
        );
        for (const link of links) {
          let node: HTMLElement | null = link.parentElement;
          while (node && node !== document.body) {
            if ((node.textContent ?? '').toLowerCase().includes(wanted)) {
              const inside = Array.from(node.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((a) =>
                a.href.includes(hrefPart),
              );
              if (inside.length === 1) {
                link.setAttribute('data-e2e-target', 'mail-link');
                link.removeAttribute('target');
                return link.href;
              }
              break; // a list-level container: this link belongs to another message
            }
            node = node.parentElement;
          }
        }
        return null;
      },
      { to, hrefPart },
    );
    if (href) break;
    await page.waitForTimeout(1000);
  }
  expect(href, `a mail to ${to} with a link containing "${hrefPart}"`).not.toBeNull();
  await page.locator('[data-e2e-target="mail-link"]').first().click();
  return href!;
}

export async function signUp(page: Page, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

/** Follows the verification link of `email` and checks the login page confirms it. */
export async function verifyFromMailbox(page: Page, email: string): Promise<void> {
  await followMailLink(page, email, 'verifyToken=');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.locator('[data-toast="success"]').first()).toBeVisible();
  // The token is dropped from the address once used.
  await expect(page).not.toHaveURL(/verifyToken=/);
}

export async function signIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  if (!page.url().endsWith(path)) await page.goto(path);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Storyhive' })).toBeVisible();
  // Everything of the session is gone; the theme, a preference of the device, may stay.
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key !== 'theme'))).toEqual([]);
}
