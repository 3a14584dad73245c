import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, followMailLink, ok, randomLetters, signIn, staffApi, uniqueEmail } from './helpers';
import { ADMIN, BASE, CHROMIUM } from './publishing-world';

/**
 * An open, public campaign's sign-up link as a QR code and a printable poster (issue 24): the code on
 * the campaign screen and the one on the downloaded PNG poster both read back (jsQR, in the page) as
 * the link, which opens the campaign's sign-up page; the PDF poster is an A4 PDF. A visitor signs up
 * there and the e-mailed personal link opens the campaign.
 */
test.use({ ...CHROMIUM, acceptDownloads: true });

const jsQrSource = readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8');

/** Reads the QR code in the image at `src` (a URL the page can load) with jsQR. */
async function readQr(page: Page, src: string): Promise<string | null> {
  await page.addScriptTag({ content: jsQrSource });
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || 600;
    canvas.height = image.naturalHeight || 600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const found = (window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR(
      pixels.data,
      canvas.width,
      canvas.height,
    );
    return found?.data ?? null;
  }, src);
}

test("an open campaign's link is shared as a QR code and a poster that read back as the link", async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await staffApi(ADMIN);
  const suffix = randomLetters(6);
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `Posters ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `poster-${suffix}` } }));
  const title = `Harbour open day ${suffix}`;
  const campaign = await ok<{ id: string; tenantId?: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: 'Tell us what the harbour means to you.',
        initiativeId: initiative.id,
        type: 'evergreen',
        visibility: 'public',
        mode: 'landscape',
        deadline: null,
        expiryDate: null,
        tags: [tag.id],
      },
    }),
  );
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: 'What brings you here?' } }));
  await ok(await staff.put(`${BASE}/api/campaign/complete/${campaign.id}`));
  await staff.dispose();

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/initiative/campaign/${campaign.id}`);
  const share = page.getByTestId('campaign-share');
  await expect(share.getByRole('heading', { name: 'Share the campaign' })).toBeVisible();
  const link = await share.getByRole('textbox', { name: 'Sign-up link' }).inputValue();
  expect(link).toMatch(new RegExp(`/join/[^/]+/${campaign.id}$`));

  // The code on the screen is the link.
  const qr = share.getByRole('img', { name: "QR code of the campaign's link" });
  await expect(qr).toBeVisible();
  expect(await readQr(page, (await qr.getAttribute('src'))!)).toBe(link);

  // The PNG poster: A4 at 150 dpi, its code the link.
  const [png] = await Promise.all([page.waitForEvent('download'), share.getByRole('button', { name: 'Download poster (PNG)' }).click()]);
  expect(png.suggestedFilename()).toBe(`harbour-open-day-${suffix.toLowerCase()}-poster.png`);
  const pngBytes = readFileSync((await png.path())!);
  expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');
  expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([1240, 1754]);
  expect(await readQr(page, `data:image/png;base64,${pngBytes.toString('base64')}`)).toBe(link);

  // The PDF poster: one A4 page.
  const [pdf] = await Promise.all([page.waitForEvent('download'), share.getByRole('button', { name: 'Download poster (PDF)' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`harbour-open-day-${suffix.toLowerCase()}-poster.pdf`);
  const pdfText = readFileSync((await pdf.path())!).toString('latin1');
  expect(pdfText.startsWith('%PDF-')).toBe(true);
  expect(pdfText).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
  expect(pdfText).toContain('/Subtype /Image');

  // The link opens the campaign's sign-up page for anyone; the personal link comes by e-mail.
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Tell us what the harbour means to you.')).toBeVisible();
  await visitor.getByRole('button', { name: 'Send me my link' }).click();
  await expect(visitor.getByText('First name is a required field')).toBeVisible();
  await expect(visitor.getByText('Please enter an email address')).toBeVisible();
  const email = uniqueEmail('poster');
  await visitor.getByLabel('First name').fill('Ngozi');
  await visitor.getByLabel('Last name').fill('Adichie');
  await visitor.getByLabel('E-mail address').fill(email);
  await visitor.getByRole('button', { name: 'Send me my link' }).click();
  await expect(visitor.getByTestId('join-sent')).toContainText('Check your inbox: we have sent you your personal link to this campaign');
  // The personal link (the e-mail also links to its unsubscribe page, under /api/contributor/).
  await followMailLink(visitor, email, `/${campaign.id}?contributorId=`);
  await expect(visitor).toHaveURL(new RegExp(`/contributor/[^/]+/${campaign.id}\\?`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByLabel('First name')).toHaveValue('Ngozi');

  // A campaign that takes no sign-ups (made private) says so.
  const staffAgain = await staffApi(ADMIN);
  const current = await ok<{ version: number }>(await staffAgain.get(`${BASE}/api/campaign/${campaign.id}`));
  await ok(await staffAgain.put(`${BASE}/api/campaign/update`, { data: { id: campaign.id, version: current.version, visibility: 'private' } }));
  await staffAgain.dispose();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'This campaign is not available' })).toBeVisible();
  await visitor.close();
});
