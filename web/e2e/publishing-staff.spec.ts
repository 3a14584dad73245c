import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';
import { ADMIN, BASE, CHROMIUM, COORDINATOR, makeWorld, publishAnswer, QUESTION, shortTake, type World } from './publishing-world';

/**
 * Publishing from the staff app (issue 22): an approved answer published from the inbox, live with
 * its share link, embed code and captions, then unpublished behind its confirmation; the collaborator
 * withdrawing consent on their link, and staff seeing the item taken down with the reason; a
 * coordinator (read-only) offered no Publish.
 */
test.use(CHROMIUM);
test.describe.configure({ mode: 'serial' });

let world: World;

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  const file = testInfo.outputPath('answer.webm');
  shortTake(file);
  world = await makeWorld(browser, file, [
    ['Noor', 'Haddad'],
    ['Layla', 'Mansour'],
  ]);
});

test.afterAll(async () => {
  await world?.staff.dispose();
});

const inboxOf = (w: World) => `/responses?campaignId=${w.campaignId}&status=approved`;

test('staff publish an approved answer from the inbox, see it live with its snippets, and unpublish it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto(inboxOf(world));
  const card = page.getByRole('list', { name: 'Answers' }).getByRole('listitem', { name: `Noor Haddad: ${QUESTION}` });
  await expect(card.getByTestId('response-status')).toHaveText('Approved');

  await card.getByRole('button', { name: 'Publish the answer by Noor Haddad' }).click();
  await expect(page.getByText(`"${QUESTION}" is published`)).toBeVisible();
  await expect(card.getByTestId('published-badge')).toHaveText('Published');
  const details = card.getByTestId('publication-details');
  const shareLink = details.getByLabel('Share link');
  await expect(shareLink).toHaveValue(/\/v\/[0-9A-Za-z]{22}$/);
  const shareUrl = await shareLink.inputValue();
  const slug = shareUrl.split('/v/')[1]!;
  await expect(details.getByLabel('Embed code (iframe)')).toHaveValue(new RegExp(`<iframe[^>]+/embed/${slug}`));
  await expect(details.getByRole('link', { name: 'Download SRT' })).toHaveAttribute('href', new RegExp(`/published/${slug}/captions\\.srt$`));
  await expect(details.getByRole('link', { name: 'Download WebVTT' })).toHaveAttribute('href', new RegExp(`/published/${slug}/captions\\.vtt$`));
  await details.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByText('Embed code copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/embed/${slug}`);

  // The page is public: a fresh context, no sign-in, sees it (and its captions).
  const visitor = await browser.newContext();
  const local = (url: string) => `${BASE}${new URL(url, BASE).pathname}`;
  expect((await visitor.request.get(local(shareUrl))).status()).toBe(200);
  const vtt = await visitor.request.get(`${BASE}/published/${slug}/captions.vtt`);
  expect(vtt.status()).toBe(200);
  expect(await vtt.text()).toMatch(/^WEBVTT/);

  // The Published screen lists it live, with its figures.
  await page.getByRole('link', { name: 'Published' }).click();
  const row = page.getByRole('list', { name: 'Publications' }).getByRole('listitem').filter({ hasText: 'Noor H.' }).first();
  await expect(row.getByTestId('published-badge')).toBeVisible();
  await expect(row.getByTestId('publication-stats')).toContainText('Page views');

  // Unpublish, behind its confirmation: the page answers 410 at once.
  await page.goto(inboxOf(world));
  await card.getByRole('button', { name: 'Share and embed the answer by Noor Haddad' }).click();
  await card.getByRole('button', { name: 'Unpublish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish this story?' });
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText(`"${QUESTION}" is unpublished`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Publish the answer by Noor Haddad' })).toBeVisible();
  await expect(card.getByTestId('published-badge')).toHaveCount(0);
  const gone = await visitor.request.get(local(shareUrl));
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain('This story is no longer available');

  await page.goto('/publications?status=takenDown');
  const down = page.getByRole('list', { name: 'Publications' }).getByRole('listitem').filter({ hasText: 'Noor H.' }).first();
  await expect(down.getByTestId('takedown-reason')).toHaveText(/^Unpublished by /);
  await visitor.close();
  await context.close();
});

test('the collaborator withdraws consent on their link; staff see the item taken down with the reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const layla = world.people[1]!;
  const title = `Layla's harbour ${Date.now().toString(36)}`;
  const published = await publishAnswer(world, layla, title);
  const visitor = await browser.newContext();
  const sharePath = new URL(published.shareUrl).pathname;
  expect((await visitor.request.get(`${BASE}${sharePath}`)).status()).toBe(200);

  // On their personal link: "Withdraw my consent", with the confirm lock.
  const collaborator = await browser.newPage();
  await collaborator.goto(layla.link);
  const section = collaborator.getByTestId('consent-section');
  await section.getByRole('button', { name: 'Withdraw my consent' }).click();
  const dialog = collaborator.getByRole('dialog', { name: 'Withdraw your consent?' });
  const confirm = dialog.getByRole('button', { name: 'Withdraw my consent' });
  await confirm.click();
  await expect(section.getByTestId('consent-message')).toHaveText('Your consent is withdrawn. Your published videos were taken down.');
  // The landing asks for consent again (the demo organisation has no terms: "Give my consent again").
  await expect(section.getByRole('button', { name: 'Give my consent again' })).toBeVisible();
  await collaborator.close();

  // Within a minute the page answers 410, and staff see why.
  await expect
    .poll(async () => (await visitor.request.get(`${BASE}${sharePath}`)).status(), { timeout: 65_000, intervals: [2000] })
    .toBe(410);
  const page = await browser.newPage();
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto('/publications?status=takenDown');
  const row = page.getByRole('list', { name: 'Publications' }).getByRole('listitem', { name: title });
  await expect(row.getByTestId('takedown-reason')).toHaveText('Layla M. withdrew their consent');

  // On the collaborator, in the campaign: their consent state and what was taken down.
  await page.goto(`/initiative/campaign/${world.campaignId}`);
  const person = page.getByRole('list', { name: 'Collaborators' }).getByRole('listitem').filter({ hasText: 'Layla Mansour' });
  await expect(person.getByTestId('consent-withdrawn')).toBeVisible();
  await expect(person.getByTestId('consent-taken-down')).toContainText(title);
  // Noor's consent stands, and staff could record a withdrawal received by other means.
  const noor = page.getByRole('list', { name: 'Collaborators' }).getByRole('listitem').filter({ hasText: 'Noor Haddad' });
  await expect(noor.getByTestId('consent-given')).toBeVisible();
  await expect(noor.getByRole('button', { name: 'Record a consent withdrawal for Noor Haddad' })).toBeVisible();
  await visitor.close();
  await page.close();
});

test('a coordinator sees what is published but no Publish, Unpublish or consent action', async ({ browser }) => {
  test.setTimeout(90_000);
  const noor = world.people[0]!;
  const title = `Noor's harbour ${Date.now().toString(36)}`;
  await publishAnswer(world, noor, title);
  const page = await browser.newPage();
  await signIn(page, COORDINATOR, DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto(inboxOf(world));
  const card = page.getByRole('list', { name: 'Answers' }).getByRole('listitem', { name: `Noor Haddad: ${QUESTION}` });
  await expect(card.getByTestId('published-badge')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Publish / })).toHaveCount(0);
  await card.getByRole('button', { name: 'Share and embed the answer by Noor Haddad' }).click();
  await expect(card.getByTestId('publication-details').getByLabel('Share link')).toHaveValue(/\/v\//);
  await expect(card.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);

  await page.goto('/walls');
  await expect(page.getByRole('heading', { level: 1, name: 'Walls' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New wall' })).toHaveCount(0);
  await page.goto(`/initiative/campaign/${world.campaignId}`);
  const person = page.getByRole('list', { name: 'Collaborators' }).getByRole('listitem').filter({ hasText: 'Noor Haddad' });
  await expect(person.getByTestId('consent-given')).toBeVisible();
  await expect(person.getByRole('button', { name: /Record a consent withdrawal/ })).toHaveCount(0);
  await page.close();
});
