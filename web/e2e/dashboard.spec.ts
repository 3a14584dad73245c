import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomLetters, signIn } from './helpers';

const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };

type Details = {
  expiringIn7Days: { id: string; title: string }[];
  pendingVideoResponses: number;
  hoursOfVideoSubmitted: number;
  deviceType: { deviceType: string; count: number }[];
  campaignAndVideo: { campaignId: string; title: string; videoCount: number }[];
};

/** The UTC day `days` from today as YYYY-MM-DD (the API's dates are UTC days). */
function utcDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function tokenOf(page: Page): Promise<string> {
  const record = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(record, 'a stored token after sign-in').not.toBeNull();
  return (JSON.parse(record!) as { access_token: string }).access_token;
}

async function apiCall<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method} ${path} -> ${response.status()} ${await response.text()}`).toBeTruthy();
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A live campaign of the admin that expires in three days, set up through the API. */
async function liveCampaignExpiringSoon(request: APIRequestContext, token: string, suffix: string) {
  const initiative = await apiCall<{ id: string }>(request, token, 'POST', '/initiative/add', { name: `Dash ${suffix}` });
  const tag = await apiCall<{ id: string }>(request, token, 'POST', '/tags/add', { name: `dash-${suffix}`.slice(0, 30) });
  const title = `Dashboard e2e ${suffix}`;
  const campaign = await apiCall<{ id: string }>(request, token, 'POST', '/campaign/add', {
    title,
    description: 'Created by the dashboard end-to-end test.',
    initiativeId: initiative.id,
    type: 'targeted',
    visibility: 'public',
    mode: 'landscape',
    tags: [tag.id],
    deadline: utcDay(2),
    expiryDate: utcDay(3),
  });
  await apiCall(request, token, 'POST', '/question/add', { campaignId: campaign.id, question: 'What happened?' });
  await apiCall(request, token, 'PUT', `/campaign/complete/${campaign.id}`);
  return { id: campaign.id, title };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the dashboard shows the figures, the expiring campaigns, and narrows to my campaigns', async ({ page, request }) => {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  const token = await tokenOf(page);
  const campaign = await liveCampaignExpiringSoon(request, token, suffix);
  const organisation = await apiCall<Details>(request, token, 'GET', '/dashboard/details?personalDashboard=false');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByText('Campaign figures appear here once your organisation has campaigns')).toHaveCount(0);

  // The figure cards show what the API says.
  await expect(region(page, 'Hours of video submitted')).toBeVisible();
  await expect(region(page, 'Hours of video submitted').locator('p').first()).toHaveText(
    new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(organisation.hoursOfVideoSubmitted),
  );
  await expect(region(page, 'Pending video responses').locator('p').first()).toHaveText(
    new Intl.NumberFormat('en-GB').format(organisation.pendingVideoResponses),
  );
  const devices = region(page, 'Videos by device type');
  await expect(devices).toBeVisible();
  if (organisation.deviceType.length === 0) {
    await expect(devices).toContainText('No videos submitted yet');
  } else {
    await expect(devices.getByRole('listitem')).toHaveCount(organisation.deviceType.length);
  }

  // The new campaign expires in three days: listed, and linked to its screen.
  const expiring = region(page, 'Expiring in the next 7 days');
  const link = expiring.getByRole('link', { name: campaign.title });
  await expect(link).toHaveAttribute('href', `/initiative/campaign/${campaign.id}`);
  await expect(region(page, 'Videos per campaign').getByRole('listitem')).toHaveCount(
    Math.min(10, organisation.campaignAndVideo.length),
  );

  // "Only my campaigns" asks for the personal figures and shows them.
  const toggle = page.getByRole('switch', { name: 'Only my campaigns' });
  await expect(toggle).not.toBeChecked();
  const personalCall = page.waitForResponse(
    (r) => r.url().includes('/api/dashboard/details') && r.url().includes('personalDashboard=true'),
  );
  await toggle.click();
  const mine = (await (await personalCall).json()) as Details;
  await expect(toggle).toBeChecked();
  expect(mine.campaignAndVideo.map((c) => c.campaignId)).toContain(campaign.id);
  await expect(expiring.getByRole('link')).toHaveCount(mine.expiringIn7Days.length);
  await expect(expiring.getByRole('link', { name: campaign.title })).toBeVisible();
  await expect(region(page, 'Videos per campaign').getByRole('listitem')).toHaveCount(Math.min(10, mine.campaignAndVideo.length));

  // And back to the whole organisation.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(expiring.getByRole('link')).toHaveCount(organisation.expiringIn7Days.length);

  // The expiring campaign opens its screen.
  await expiring.getByRole('link', { name: campaign.title }).click();
  await expect(page).toHaveURL(new RegExp(`/initiative/campaign/${campaign.id}$`));
});
