import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

/**
 * E-mail (the integrations issue): sent from the outbox to a local SMTP server this test runs —
 * a publisher's decision to whoever asked them, a failed sync to the feed's creator and the
 * company's admins — and never to someone who turned it off.
 */
interface Received {
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
let feeds: http.Server;
let editor: Client;
let editorEmail: string;
const mails: Received[] = [];

const hex = (match: string) => String.fromCharCode(Number.parseInt(match.slice(1), 16));
/**
 * The message as a reader sees it: folded header lines unfolded, quoted-printable soft breaks and
 * escapes undone, RFC 2047 encoded words (`=?UTF-8?Q?…?=`) decoded. ASCII texts only.
 */
const text = (mail: Received) =>
  mail.raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s?/gi, (_, word: string) =>
      word.replace(/_/g, ' ').replace(/=[0-9A-F]{2}/g, hex),
    )
    .replace(/=\r?\n/g, '')
    .replace(/=[0-9A-F]{2}/g, hex);

async function sendUntil(done: () => boolean) {
  const deadline = Date.now() + 8000;
  while (!done() && Date.now() < deadline) {
    await t.app.services.mailer.tick();
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  feeds = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end('Name,Headline\nx,y\n');
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Adstudio <no-reply@example.com>',
    DATASOURCE_ALLOW_HOSTS: '127.0.0.1',
  });
  const user = await t.createUser({ name: 'Edna Editor', permissions: ['edit campaigns', 'edit profiles'] });
  editorEmail = user.email;
  editor = await t.injectAs(user);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise((resolve) => feeds?.close(resolve));
});
beforeEach(() => {
  mails.length = 0;
});

describe(`e-mail (${engine})`, () => {
  it('tells whoever asked a publisher for approvals of their decision, and no one else', async () => {
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Winter sale' });
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Skyscraper' });
    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const publisher = (await admin.post('/v1/media-entities', { name: 'Daily Planet' })).json().data;
    const asked = await editor.post(`/v1/campaigns/${campaignId}/approvals`, {
      creative_ids: [creativeId],
      media_entity_ids: [publisher.id],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await t.db
      .updateTable('approvals')
      .set({ status: 'approved', comment: 'Looks great', decided_at: new Date().toISOString() })
      .where('creative_id', '=', creativeId)
      .execute();
    await sendUntil(() => mails.length >= 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([editorEmail]);
    const body = text(mails[0]!);
    expect(body).toContain('Subject: Daily Planet approved Skyscraper');
    expect(body).toContain('From: Adstudio <no-reply@example.com>');
    expect(body).toContain('Looks great');
    expect(body).toContain(`/campaigns/${campaignId}?tab=approvals`);
    // Sent once: the event is marked.
    await t.app.services.mailer.tick();
    expect(mails).toHaveLength(1);
  });

  it('a tick while one runs (the server’s own, every second) joins it instead of returning at once', async () => {
    const { mailer } = t.app.services;
    const first = mailer.tick();
    expect(mailer.tick()).toBe(first);
    await first;
  });

  it('tells the feed’s creator and the admins of a failed sync, but not an admin who turned it off', async () => {
    const admin = await t.createUser({ name: 'Ada Admin', roles: ['admin'] });
    const quiet = await t.createUser({ name: 'Quiet Admin', roles: ['admin'] });
    const quietClient = await t.injectAs(quiet);
    expect((await quietClient.put('/v1/user/settings', { email_syncs: false })).statusCode).toBe(200);
    const url = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/feed.csv`;
    const made = await editor.post('/v1/profiles', { name: 'Broken feed', source: 'url', url });
    expect(made.statusCode, made.body).toBe(201);
    await t.app.jobs.idle();
    const profile = (await editor.get(`/v1/profiles/${made.json().data.id}`)).json().data;
    expect(profile.status).toBe('failed');
    await sendUntil(() => mails.length >= 2);
    await t.app.services.mailer.tick();
    const recipients = mails.flatMap((mail) => mail.to).sort();
    // The admin who made the other tests' publisher is an admin too: every admin who did not opt out.
    expect(recipients).toContain(editorEmail);
    expect(recipients).toContain(admin.email);
    expect(recipients).not.toContain(quiet.email);
    expect(new Set(recipients).size).toBe(recipients.length);
    const body = text(mails.find((mail) => mail.to.includes(admin.email))!);
    expect(body).toContain('Subject: The feed "Broken feed" failed to sync');
    expect(body).toContain(`/profiles/${profile.id}`);
  });
});
