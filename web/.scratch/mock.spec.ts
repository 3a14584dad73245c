import { expect, test } from '@playwright/test';

test('studio with a mocked API', async ({ page }) => {
  const ids = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1' };
  const q = (id: string, seq: number) => ({
    campaignQuestionId: id, question: `Question ${id}?`, tips: null, sequence: seq, script: '<p>Hello there.</p><p>Second para</p>',
    contributorScript: null, videoConfig: { speed: 20, contrast: 50, fontSize: null }, sentForReRecording: false,
    collaboratorReRecordingStatus: null, uploadStatus: 'none', failureReason: null, video: null, toAsk: true,
  });
  const questions = [q('q1', 1), q('q2', 2)];
  const parts = new Map<number, number>();
  const log: string[] = [];
  page.on('console', (m) => console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname.replace(/^\/api/, '');
    const body = route.request().postDataJSON?.() ?? null;
    log.push(`${route.request().method()} ${p} ${route.request().headers()['x-invite-key'] ?? ''}`);
    const json = (v: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(v) });
    if (p.startsWith('/contributor-journey/all-questions')) return json(questions.filter((x) => x.uploadStatus !== 'stored'));
    if (p.startsWith('/contributor-journey/save')) return json(questions[0]);
    if (p.startsWith('/contributor-journey/')) return json({ ...ids, questions, submitted: false, submittedAt: null, reRecording: false });
    if (p === '/contributor-upload/start') return json({ key: `k-${body.campaignQuestionId}`, uploadId: `u-${body.campaignQuestionId}`, partSize: 8 * 1024 * 1024, maxParts: 10000, expiresInSeconds: 3600 });
    if (p === '/contributor-upload/sign-part') return json({ url: `http://127.0.0.1:4666/fake/${body.uploadId}/${body.partNumber}`, expiresInSeconds: 3600 });
    if (p === '/contributor-upload/parts') return json({ parts: [] });
    if (p === '/contributor-upload/complete') {
      const qq = questions.find((x) => `k-${x.campaignQuestionId}` === body.key)!;
      qq.uploadStatus = 'stored';
      qq.video = { key: body.key, url: 'x', durationSeconds: 3, sizeBytes: 1, width: null, height: null, container: 'mp4', deviceType: 'Desktop', uploadedAt: '' } as never;
      return json({ key: body.key, message: 'Video uploaded successfully' });
    }
    if (p === '/contributor/addVideo') return json({ message: 'ok' });
    if (p.startsWith('/contributor/save')) return json({});
    if (p.endsWith('/submit')) return json({ message: 'Your videos have been submitted successfully' });
    if (p.startsWith('/contributor/')) return json({
      contributor: { id: 'p1', email: 'a@b.c', firstName: 'Alice', lastName: 'Smith', isSuspended: false, isDetailSubmitted: false },
      startedJourney: false, submitted: false, videoConfig: { speed: 20, contrast: 50, fontSize: null },
      campaign: { id: 'c1', tenantId: 't1', title: 'Mock campaign', description: 'desc', brief: '<p>Brief</p>', type: 'targeted', visibility: 'public', mode: 'landscape', questions: questions.map((x) => ({ campaignQuestionId: x.campaignQuestionId, question: x.question, sequence: x.sequence })) },
    });
    return route.continue();
  });
  await page.route('http://127.0.0.1:4666/fake/**', async (route) => {
    const n = Number(route.request().url().split('/').pop());
    const size = route.request().postDataBuffer()?.length ?? 0;
    parts.set(n, size);
    log.push(`PUT part ${n} ${size}`);
    return route.fulfill({ status: 200, headers: { ETag: `"etag${n}"`, 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'ETag' }, body: '' });
  });
  await page.goto('/contributor/t1/c1?contributorId=p1&key=KEY');
  await expect(page.getByRole('heading', { name: 'Mock campaign' })).toBeVisible();
  await page.getByLabel('First name').fill('Al');
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByText('First name must be at least 3 characters')).toBeVisible();
  await page.getByLabel('First name').fill('Alice');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  const mime = await page.evaluate(() => ['video/mp4;codecs=avc1,mp4a', 'video/mp4;codecs=avc1,opus', 'video/webm;codecs=vp9,opus'].map((t) => `${t}=${MediaRecorder.isTypeSupported(t)}`).join(' '));
  console.log(mime);
  for (let i = 0; i < 2; i++) {
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled({ timeout: 15000 });
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('countdown')).toBeVisible();
    await expect(page.getByTestId('recording-timer')).toBeVisible({ timeout: 10000 });
    await page.waitForTimeout(i === 0 ? 12000 : 3000);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: i === 0 ? 'Next Question' : 'Review Videos for Submission' }).click();
  }
  await expect(page).toHaveURL(/contributor-journey$/);
  await expect(page.getByTestId('stored-count')).toHaveText('2 of 2 answers safely stored', { timeout: 30000 });
  console.log(log.join('\n'));
  const settings = await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1920 }, height: { ideal: 1080 } } });
    const t = stream.getVideoTracks()[0]!; const r = { s: t.getSettings(), c: t.getCapabilities() }; t.stop(); return r;
  });
  console.log(JSON.stringify(settings));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/goodJobContributor/);
});
