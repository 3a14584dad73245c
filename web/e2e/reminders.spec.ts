import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, ok, randomLetters, signIn, staffApi } from './helpers';
import { ADMIN, BASE, CHROMIUM } from './publishing-world';

/**
 * Reminders and one-click unsubscribe (issue 24): staff remind everyone who has not submitted from the
 * campaign screen (the button locks, the API answers how many); the collaborator's unsubscribe link
 * opens a page whose button unsubscribes them, and staff then see "Unsubscribed" in the list.
 */
test.use({ ...CHROMIUM });

test('staff remind all who have not submitted; the unsubscribe link shows a button that unsubscribes', async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await staffApi(ADMIN);
  const suffix = randomLetters(6);
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `Reminders ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `remind-${suffix}` } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Harbour voices ${suffix}`,
        description: 'Tell us what the harbour means to you.',
        initiativeId: initiative.id,
        type: 'evergreen',
        visibility: 'private',
        mode: 'landscape',
        deadline: null,
        expiryDate: null,
        tags: [tag.id],
      },
    }),
  );
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'What brings you here?' } }));
  const email = `remind-${suffix}@example.org`;
  const first = `Rhea${randomLetters(4)}`;
  await ok(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email, firstName: first, lastName: `Lund${randomLetters(4)}` },
    }),
  );
  await staff.dispose();

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/initiative/campaign/${campaign.id}`);
  const remind = page.getByRole('button', { name: 'Remind all who have not submitted' });
  await remind.click();
  await expect(page.getByText('1 collaborator was reminded')).toBeVisible();
  await expect(remind).toBeDisabled();

  // The reminder's unsubscribe link, from the dev mailbox, opened in a browser.
  let unsubscribe: string | undefined;
  await expect(async () => {
    const mail = (await (await page.request.get(`${BASE}/_dev/mailbox.json`)).json()) as { to: string[]; subject: string; body: string }[];
    const reminder = mail.find((m) => m.to.includes(email) && m.subject.startsWith('A reminder'));
    unsubscribe = reminder?.body.match(/href="([^"]*\/api\/contributor\/unsubscribe[^"]*)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(unsubscribe).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  // Not signed in: a browser of its own.
  const outside = await page.context().browser()!.newContext();
  const visitor = await outside.newPage();
  const link = new URL(unsubscribe!);
  await visitor.goto(`${BASE}${link.pathname}${link.search}`);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await outside.close();

  await page.reload();
  await expect(page.getByTestId('contributor-unsubscribed')).toHaveText('Unsubscribed');
});
