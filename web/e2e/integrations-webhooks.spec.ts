import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, randomLetters, signIn } from './helpers';

/**
 * A receiver on 127.0.0.1 (infra/scripts/webhook_receiver.py) that checks each delivery's signature
 * with the maintained Standard Webhooks implementation. The e2e gateway allows loopback addresses by
 * its explicit setting (STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK=1 in infra/scripts/test.sh); deployments never do.
 */
async function startReceiver(): Promise<{ base: string; log: (secret: string) => Promise<ReceivedRequest[]>; stop: () => void }> {
  const python = process.env.E2E_WEBHOOK_PYTHON ?? fileURLToPath(new URL('../../.venv/bin/python', import.meta.url));
  const script = fileURLToPath(new URL('../../infra/scripts/webhook_receiver.py', import.meta.url));
  const child: ChildProcessWithoutNullStreams = spawn(python, [script]);
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) => {
      const match = /PORT (\d+)/.exec(data.toString());
      if (match?.[1]) resolve(match[1]);
      else reject(new Error(`the receiver said ${data.toString()}`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    log: async (secret) => {
      const res = await fetch(`${base}/_log?secret=${encodeURIComponent(secret)}`);
      return (await res.json()) as ReceivedRequest[];
    },
    stop: () => child.kill(),
  };
}

type ReceivedRequest = { path: string; id: string; verified: boolean; answered: number; payload: { type: string } };

test('an admin adds a webhook endpoint, sends it a test event, sees the delivery in its log and deletes it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const path = `/e2e/${randomLetters(8)}`;
    const url = `${receiver.base}${path}`;
    await signIn(page, 'admin@storyhive-demo.org', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText("Enter the endpoint's address.")).toBeVisible();
    await dialog.getByLabel('Address').fill(url);
    await dialog.getByLabel('Description (optional)').fill('E2E receiver');
    await dialog.getByLabel('Answer stored').check();
    await dialog.getByLabel('Video published').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret is shown once.
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('article', { name: url });
    await expect(card.getByText('Enabled')).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Test event sent' }).first()).toBeVisible();
    // The receiver gets it, signed with the secret shown.
    await expect
      .poll(async () => (await receiver.log(secret)).filter((r) => r.path === path).map((r) => [r.payload.type, r.verified]), {
        timeout: 30_000,
      })
      .toEqual([['webhook.test', true]]);

    // The log shows the delivery with its answer code.
    await card.getByRole('button', { name: 'Show deliveries' }).click();
    await expect(async () => {
      await card.getByRole('button', { name: 'Refresh' }).click();
      await expect(card.getByText('Delivered (200)')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByText('Test event', { exact: true })).toBeVisible();

    // Delete, behind the confirm lock: a second click is refused while the first is sent.
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete webhook endpoint' }).getByRole('button', { name: 'Delete' });
    await confirm.click();
    await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Webhook endpoint deleted' }).first()).toBeVisible();
    await expect(page.getByRole('article', { name: url })).toHaveCount(0);
  } finally {
    receiver.stop();
  }
});
