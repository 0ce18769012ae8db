import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { apiAs, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a webhook receives a campaign’s status change, lists the delivery and redelivers it', async ({
  page,
}) => {
  // The e2e server lets deliveries reach 127.0.0.1 (DATASOURCE_ALLOW_HOSTS in global-setup.ts).
  const received: IncomingMessage['headers'][] = [];
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST') received.push(request.headers);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/settings');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Webhooks', level: 2 }) });
    await card.getByRole('button', { name: 'New webhook' }).click();
    const form = page.getByRole('dialog', { name: 'New webhook' });
    await form.getByRole('textbox', { name: 'URL' }).fill(url);
    await form.getByRole('checkbox', { name: 'Campaign status changed' }).check();
    await form.getByRole('button', { name: 'Create webhook' }).click();
    const shown = page.getByRole('dialog', { name: "Copy the webhook's secret" });
    const secret = await shown.getByTestId('new-webhook-secret').inputValue();
    expect(secret.length).toBeGreaterThan(10);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', { name: unique('Hooked') });
    await apiAs(page, 'PUT', `/v1/campaigns/${campaign.id}`, { status: 'testing' });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const delivery = received[0]!['x-adstudio-delivery'];
    expect(delivery).toBeTruthy();

    const row = card.getByRole('listitem', { name: url });
    await row.getByRole('button', { name: `Show the deliveries to ${url}` }).click();
    const deliveries = card.getByTestId('webhook-delivery');
    await expect(deliveries.first()).toContainText('delivered');
    await expect(deliveries.first()).toContainText('Campaign status changed');
    expect(await seriousViolations(page)).toEqual([]);
    await card.screenshot({ path: '/tmp/webhooks-deliveries-1366.png', animations: 'disabled' });

    const before = received.length;
    await deliveries
      .first()
      .getByRole('button', { name: /^Redeliver/ })
      .click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(before);
    expect(received.at(-1)!['x-adstudio-delivery']).toBe(delivery);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBe(0);

    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this webhook?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(row).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
