import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { apiAs, expect, test, unique } from './fixtures';
import { shot } from './shots';

test.use({ role: 'admin' });

/**
 * Webhooks tell the truth (issue 44): Send test event reaches a receiver this test runs, signed,
 * and shows its answer; Redeliver on a webhook that is off says so and offers Turn on; events show in
 * words; each webhook's whole URL is readable in Settings, at 1366 px in light and 390 px in dark.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The signature checked as a receiver would, from the secret shown once. */
const signedWith = (secret: string, { headers, body }: Received) => {
  const [, at, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-adstudio-signature'])) ?? [];
  return v1 === createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
};

for (const { width, height, theme } of [
  { width: 1366, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`a test event and a redelivery on a webhook that is off say what happened (${width} px, ${theme})`, async ({
    page,
  }) => {
    // The e2e server lets deliveries reach 127.0.0.1 (DATASOURCE_ALLOW_HOSTS in global-setup.ts).
    const received: Received[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.end('pong');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/adstudio/${theme}-${width}`;
    try {
      if (theme === 'light') await page.addInitScript(() => localStorage.setItem('darkTheme', 'false'));
      await page.setViewportSize({ width, height });
      const hook = await apiAs<{ id: number; secret: string }>(page, 'POST', '/v1/webhooks', {
        url,
        events: ['campaign.status_changed'],
      });
      // A real event first, so that there is a delivery to send again.
      const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', { name: unique('Truth') });
      await apiAs(page, 'PUT', `/v1/campaigns/${campaign.id}`, { status: 'testing' });
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);

      await page.goto('/settings');
      const card = page.locator('section', {
        has: page.getByRole('heading', { name: 'Webhooks', level: 2 }),
      });
      const item = card.getByRole('listitem', { name: url });
      // The whole URL shows, wrapped if need be: nothing clipped, no sideways scroll.
      const title = item.getByRole('heading', { name: url, level: 3 });
      await expect(title).toBeVisible();
      expect(await title.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      await expect(item.getByText('Campaign status changed')).toBeVisible();
      await expect(item).not.toContainText('campaign.status_changed');
      expect(await overflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      await item.getByRole('button', { name: `Send a test event to ${url}` }).click();
      const answer = item.getByTestId('webhook-ping-answer');
      await expect(answer).toContainText(/Test event delivered: 200 in \d+ ms\./);
      await expect(answer).toContainText('pong');
      const ping = received.at(-1)!;
      expect(ping.headers['x-adstudio-event']).toBe('ping');
      expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping', data: { webhook_id: hook.id } });
      expect(signedWith(hook.secret, ping)).toBe(true);
      expect(await overflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(card, `webhooks-truth-ping-${width}-${theme}`);

      // Off, then Redeliver: refused with why, and Turn on.
      await item.getByLabel(`${url} active`).click();
      await expect(item.getByLabel(`${url} active`)).not.toBeChecked();
      await item.getByRole('button', { name: `Show the deliveries to ${url}` }).click();
      const event = card.getByTestId('webhook-delivery').filter({ hasText: 'Campaign status changed' });
      await expect(event).toHaveCount(1);
      await expect(card.getByTestId('webhook-delivery').filter({ hasText: 'Test event' })).toHaveCount(1);
      const sent = received.length;
      await event.getByRole('button', { name: /^Redeliver Campaign status changed/ }).click();
      const off = card.getByTestId('webhook-off');
      await expect(off).toContainText('This webhook is off. Turn it on to deliver again.');
      await expect(page.getByText(/sent again/)).toHaveCount(0);
      expect(await overflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(card, `webhooks-truth-off-${width}-${theme}`);
      expect(received.length).toBe(sent);

      await off.getByRole('button', { name: `Turn on ${url}` }).click();
      await expect(off).toHaveCount(0);
      await expect(item.getByLabel(`${url} active`)).toBeChecked();
      await event.getByRole('button', { name: /^Redeliver Campaign status changed/ }).click();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(sent + 1);
      expect(received.at(-1)!.headers['x-adstudio-delivery']).toBe(
        received[0]!.headers['x-adstudio-delivery'],
      );

      await item.getByRole('button', { name: `Delete ${url}` }).click();
      await page
        .getByRole('dialog', { name: 'Delete this webhook?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(item).toHaveCount(0);
    } finally {
      receiver.close();
    }
  });
}
