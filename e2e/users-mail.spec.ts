import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { launchOptions } from './browser';
import { expect, sidebar, test } from './fixtures';
import { E2E_PASSWORD, type RunningServer, startServer } from './server';

/**
 * An invitation by e-mail, as a deployment with SMTP_URL sends it: a server of its own here, whose
 * mail a local SMTP server catches. The link in the mail is the way in; nobody copies it off a screen.
 */
let smtp: SMTPServer;
let server: RunningServer;
const mails: string[] = [];

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Adstudio <no-reply@example.com>',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** The text part's link to `path`, quoted-printable soft breaks undone. */
const linkIn = (raw: string, path: string) =>
  new RegExp(`${server.url}${path}/[A-Za-z0-9_-]+`).exec(raw.replace(/=\r?\n/g, ''))?.[0];

test('an invitation reaches the colleague by e-mail, and its link lets them in', async () => {
  const browser = await chromium.launch(launchOptions);
  try {
    const admin = await (await browser.newContext({ baseURL: server.url })).newPage();
    await admin.goto('/auth/login?redirect_app=/settings');
    await admin.getByLabel('Email').fill('admin@example.com');
    await admin.getByLabel('Password').fill(E2E_PASSWORD);
    await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/settings');
    const card = admin.locator('section', { has: admin.getByRole('heading', { name: 'Users', level: 2 }) });
    await card.getByRole('button', { name: 'Invite' }).click();
    const form = admin.getByRole('dialog', { name: 'Invite a user' });
    await form.getByRole('textbox', { name: 'Email' }).fill('mailed.colleague@example.com');
    await form.getByRole('textbox', { name: 'Name' }).fill('Mailed Colleague');
    await form.getByRole('checkbox', { name: 'Edit campaigns' }).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(admin.getByText(/e-mail/i).first()).toBeVisible();

    await expect.poll(() => mails.length, { timeout: 15_000 }).toBe(1);
    expect(mails[0]).toMatch(/^To: .*mailed\.colleague@example\.com/im);
    const link = linkIn(mails[0]!, '/invitation');
    expect(link).toBeDefined();

    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto(link!);
    await colleague.getByLabel(/^Password/).fill('a mailed password');
    await colleague.getByLabel(/^Confirm password/).fill('a mailed password');
    await colleague.getByRole('button', { name: 'Set password and sign in' }).click();
    await colleague.waitForURL((url) => url.pathname === '/dashboard');
    // What "edit campaigns" gives: Campaigns in the sidebar, not Conditions.
    await expect(sidebar(colleague).getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(sidebar(colleague).getByRole('link', { name: 'Conditions' })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
