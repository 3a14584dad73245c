import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';
import { ADMIN, BASE, CHROMIUM, makeWorld, publishAnswer, shortTake, type World } from './publishing-world';

/**
 * Walls from the staff app (issue 22): a wall of two published stories picked by hand and put in
 * order, whose public JSON lists them in that order; its iframe and script snippets copied; its
 * order changed; deleted behind the locked confirmation, after which the wall is gone (404).
 */
test.use(CHROMIUM);

let world: World;

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  const file = testInfo.outputPath('answer.webm');
  shortTake(file);
  world = await makeWorld(browser, file, [
    ['Omar', 'Farah'],
    ['Lina', 'Aziz'],
  ]);
});

test.afterAll(async () => {
  await world?.staff.dispose();
});

test('staff make a wall of stories picked by hand, in their order, copy its snippets, reorder it and delete it', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const first = await publishAnswer(world, world.people[0]!, `Omar's harbour ${suffix}`);
  const second = await publishAnswer(world, world.people[1]!, `Lina's harbour ${suffix}`);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.getByRole('link', { name: 'Walls' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walls' })).toBeVisible();

  await page.getByRole('button', { name: 'New wall' }).click();
  const editor = page.getByTestId('wall-editor');
  const title = `Harbour wall ${suffix}`;
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Find a video').fill(suffix);
  await editor.getByRole('button', { name: `Add Omar's harbour ${suffix}` }).click();
  await editor.getByRole('button', { name: `Add Lina's harbour ${suffix}` }).click();
  await editor.getByRole('button', { name: `Up: move Lina's harbour ${suffix} up` }).click();
  await expect(editor.getByTestId('wall-item').first()).toHaveAttribute('data-publication-id', second.publicationId);
  await editor.getByRole('button', { name: 'Create wall' }).click();
  await expect(page.getByText(`Wall "${title}" created`)).toBeVisible();

  const row = page.getByRole('list', { name: 'Walls' }).getByRole('listitem', { name: title });
  const wallId = (await row.getAttribute('data-wall-id'))!;
  const wallJson = async () => (await context.request.get(`${BASE}/api/public/walls/${wallId}`));
  const slugs = async () => ((await (await wallJson()).json()) as { items: { slug: string }[] }).items.map((i) => i.slug);
  expect(await slugs()).toEqual([second.slug, first.slug]);

  await expect(row.getByRole('link', { name: `Open the wall ${title}` })).toHaveAttribute('href', new RegExp(`/wall/${wallId}$`));
  await row.getByRole('button', { name: `Embed codes of ${title}` }).click();
  await row.getByRole('button', { name: 'Copy script code' }).click();
  await expect(page.getByText('Script code copied to clipboard!')).toBeVisible();
  const script = await page.evaluate(() => navigator.clipboard.readText());
  expect(script).toMatch(new RegExp(`<script src="[^"]+/p/wall-embed\\.js" data-wall="${wallId}" async></script>`));
  await row.getByRole('button', { name: 'Copy iframe code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`<iframe[^>]+/wall/${wallId}`));

  // Reordered by dragging, saved: the public wall follows.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const items = editor.getByTestId('wall-item');
  await items.nth(1).dragTo(items.nth(0));
  await expect(items.first()).toHaveAttribute('data-publication-id', first.publicationId);
  await editor.getByRole('button', { name: 'Save wall' }).click();
  await expect(page.getByText(`Wall "${title}" saved`)).toBeVisible();
  await expect.poll(slugs).toEqual([first.slug, second.slug]);

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete this wall?' }).getByRole('button', { name: 'Delete wall' }).click();
  await expect(page.getByText(`Wall "${title}" deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await wallJson()).status()).toBe(404);
  await context.close();
});
