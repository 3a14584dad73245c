import { expect, test, type Page } from '@playwright/test';
import { followMailLink, randomLetters, signIn } from './helpers';

const ADMIN = { email: 'admin@storyhive-demo.org', password: 'Storyhive-Demo-2026!' };
const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3100';

const LINK_RE = /\/contributor\/([^/?#]+)\/([^/?#]+)\?(?=.*contributorId=([^&#]+))(?=.*key=([^&#]+)).*/;

type InviteLink = { tenantId: string; campaignId: string; contributorId: string; key: string };

function parseLink(href: string): InviteLink {
  const url = new URL(href);
  const m = url.pathname.match(/^\/contributor\/([^/]+)\/([^/]+)$/);
  expect(m, `an invitation link ${href}`).not.toBeNull();
  return {
    tenantId: decodeURIComponent(m![1]!),
    campaignId: decodeURIComponent(m![2]!),
    contributorId: url.searchParams.get('contributorId') ?? '',
    key: url.searchParams.get('key') ?? '',
  };
}

/** The invitation links in the dev mailbox e-mailed to `to`, newest first. */
async function invitationLinks(page: Page, to: string): Promise<string[]> {
  await page.goto('/_dev/mailbox');
  return page.evaluate((to) => {
    const wanted = to.toLowerCase();
    const out: string[] = [];
    for (const mail of Array.from(document.querySelectorAll<HTMLElement>('.mail, article'))) {
      if (!(mail.textContent ?? '').toLowerCase().includes(wanted)) continue;
      const link = Array.from(mail.querySelectorAll<HTMLAnchorElement>('a[href]')).find((a) =>
        /\/contributor\/[^/]+\/[^/?]+\?/.test(a.href),
      );
      if (link && !out.includes(link.href)) out.push(link.href);
    }
    return out;
  }, to);
}

async function addQuestion(page: Page, text: string) {
  await page.getByRole('button', { name: 'Add question' }).click();
  const row = page.getByTestId('question-temp');
  await row.getByLabel('Question', { exact: true }).fill(text);
  await row.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByTestId('question-text').filter({ hasText: text })).toBeVisible();
}

test('staff invite a collaborator, the e-mailed link opens the campaign, the link is shown once, a new link, revoke and re-invite', async ({
  page,
  browser,
  request,
}) => {
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = `E2E collab initiative ${suffix}`;
  const title = `E2E collab campaign ${suffix}`;
  const tag = `e2e-c-${suffix}`.slice(0, 30);
  const email = `collab-${suffix}@example.org`;
  const first = `Cora${randomLetters(4)}`;
  const last = `Lab${randomLetters(5)}`;

  // Staff: sign in, create an initiative, a campaign with a tag and one question.
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto('/initiative/campaign/create');
  await page.getByRole('button', { name: 'New initiative' }).click();
  const initiativeDialog = page.getByRole('dialog', { name: 'New initiative' });
  await initiativeDialog.getByLabel('Initiative name').fill(initiative);
  await initiativeDialog.getByRole('button', { name: 'Create initiative' }).click();
  await expect(page.getByText('Initiative created successfully')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Collaborator invitations, end to end.');
  await page.getByLabel('Open', { exact: true }).check();
  await page.getByLabel('Private', { exact: true }).check();
  await page.getByLabel('Portrait', { exact: true }).check();
  await page.getByLabel('New tag').fill(tag);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByLabel(tag, { exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByText('Campaign created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/initiative\/campaign\/(?!create)[^/]+$/);
  const campaignId = new URL(page.url()).pathname.split('/').at(-1)!;
  const tenantId = await page.evaluate(() => window.localStorage.getItem('tenantId'));
  expect(tenantId).toBeTruthy();
  await addQuestion(page, 'Who are you?');
  await expect(page.getByRole('button', { name: 'Publish campaign' })).toBeVisible();

  // Invite: the draft goes live.
  const invite = page.getByRole('form', { name: 'Invite a collaborator' });
  await invite.getByLabel('First name').fill(first);
  await invite.getByLabel('Last name').fill(last);
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Invite collaborator' }).click();
  await expect(page.getByText('Collaborator successfully invited, and the campaign is now live')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish campaign' })).toHaveCount(0);
  const collaborators = page.getByRole('list', { name: 'Collaborators' });
  const row = collaborators.getByTestId('contributor-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('contributor-status')).toHaveText('Invited');
  await expect(row.getByTestId('contributor-progress')).toHaveText('0/1 answered');
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
  // Their answers: the one question, not recorded yet.
  await row.getByRole('button', { name: /^Answers of / }).click();
  const answer = row.getByTestId('contributor-answer');
  await expect(answer).toHaveCount(1);
  await expect(answer).toContainText('Who are you?');
  await expect(answer.getByTestId('answer-status')).toHaveText('Not recorded');

  // The collaborator (another browser, no staff session) follows the e-mailed link.
  const contributorContext = await browser.newContext({ baseURL: BASE });
  const visitor = await contributorContext.newPage();
  const href = await followMailLink(visitor, email, `/contributor/${tenantId}/${campaignId}`);
  expect(href).toMatch(LINK_RE);
  const link = parseLink(href);
  expect(link).toMatchObject({ tenantId, campaignId });
  expect(link.contributorId).not.toBe('');
  expect(link.key.length).toBeGreaterThanOrEqual(16);
  // The contributor's page opens on the campaign.
  await expect(visitor).toHaveURL(new RegExp(`/contributor/${tenantId}/${campaignId}`));
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The key opens the contributor call.
  const contributorCall = `${BASE}/api/contributor/${tenantId}/${campaignId}/${link.contributorId}`;
  const ok = await request.get(contributorCall, { headers: { 'X-Invite-Key': link.key } });
  expect(ok.status()).toBe(200);

  // Staff: the new link is shown once, under the form, and copies as the e-mailed one.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(BASE).origin });
  const shown = invite.getByLabel(/^Invitation link of /);
  await expect(shown).toHaveValue(href);
  await invite.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
  await invite.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  // A reload does not bring it back: lists never hold a link.
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(link.key);

  // "Copy a new link": explained behind the confirm lock; a new link by e-mail, the previous one stops working.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await row.getByRole('button', { name: /^Copy a new link for / }).click();
  const newLinkDialog = page.getByRole('dialog', { name: 'Copy a new link?' });
  await expect(newLinkDialog).toContainText('gets the new link by e-mail, and the previous one stops working');
  await newLinkDialog.getByRole('button', { name: 'Copy a new link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  await expect(newLinkDialog).toHaveCount(0);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(LINK_RE);
  const renewed = parseLink(copied);
  expect(renewed).toMatchObject({ tenantId, campaignId, contributorId: link.contributorId });
  expect(renewed.key).not.toBe(link.key);
  // The copied link is the one e-mailed to them.
  await expect
    .poll(async () => (await invitationLinks(visitor, email)).length, { timeout: 30_000, intervals: [1000] })
    .toBe(2);
  expect((await invitationLinks(visitor, email))[0]).toBe(copied);
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': renewed.key } })).status()).toBe(200);
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': link.key } })).status()).toBe(403);

  // Revoke: the link stops working at once.
  await row.getByRole('button', { name: /^Revoke link of / }).click();
  await page.getByRole('dialog', { name: 'Revoke invitation link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('Invitation revoked successfully')).toBeVisible();
  await expect(row.getByText('Link revoked')).toBeVisible();
  const refused = await request.get(contributorCall, { headers: { 'X-Invite-Key': renewed.key } });
  expect(refused.status()).toBe(403);

  // Re-invite: another e-mail with a new, working key.
  await row.getByRole('button', { name: /^Re-invite / }).click();
  await expect(page.getByText('Invitation sent again successfully')).toBeVisible();
  await expect(row.getByText('Link revoked')).toHaveCount(0);
  await expect
    .poll(async () => (await invitationLinks(visitor, email)).length, { timeout: 30_000, intervals: [1000] })
    .toBe(3);
  const [newest] = await invitationLinks(visitor, email);
  const second = parseLink(newest!);
  expect(second.contributorId).toBe(link.contributorId);
  expect([link.key, renewed.key]).not.toContain(second.key);
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': second.key } })).status()).toBe(200);
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': renewed.key } })).status()).toBe(403);

  // Suspend refuses the new key too; resume lets it in again.
  await row.getByRole('button', { name: /^Suspend / }).click();
  await expect(page.getByText('Collaborator suspended successfully')).toBeVisible();
  await expect(row.getByTestId('contributor-status')).toHaveText('Suspended');
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': second.key } })).status()).toBe(403);
  await row.getByRole('button', { name: /^Resume / }).click();
  await expect(page.getByText('Collaborator resumed successfully')).toBeVisible();
  await expect(row.getByTestId('contributor-status')).not.toHaveText('Suspended');
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': second.key } })).status()).toBe(200);
  await contributorContext.close();

  // Remove them (keeping recordings; there are none).
  await row.getByRole('button', { name: /^Remove / }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove collaborator?' });
  await expect(removeDialog.getByLabel('Keep their recordings')).toBeChecked();
  await removeDialog.getByRole('button', { name: 'Remove collaborator' }).click();
  await expect(page.getByText('Collaborator removed successfully')).toBeVisible();
  await expect(collaborators.getByTestId('contributor-row').filter({ hasText: email })).toHaveCount(0);
  expect((await request.get(contributorCall, { headers: { 'X-Invite-Key': second.key } })).status()).toBe(403);

  // Clean up: the tag, then the initiative (which takes the campaign with it).
  await page.getByRole('button', { name: `Delete tag ${tag}` }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Delete tag?' });
  await tagDialog.getByRole('button', { name: 'Delete tag' }).click();
  await expect(page.getByText('Tag deleted successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Delete initiative' }).click();
  const deleteInitiative = page.getByRole('dialog', { name: 'Delete initiative?' });
  await deleteInitiative.getByRole('button', { name: 'Delete initiative' }).click();
  await expect(page.getByText('Initiative deleted successfully')).toBeVisible();
});
