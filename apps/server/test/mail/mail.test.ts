import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

/**
 * E-mail (docs/design.md §12): sent from the outbox to a local SMTP server this test runs —
 * a publisher's decision to whoever asked them, a failed sync to the feed's creator and the
 * company's admins — and never to someone who turned it off. Each as mail clients expect:
 * a text and an HTML part with the same words and links, sent by a machine, with where to stop it.
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

/** A message's header and body, split at the first blank line; the header's folded lines unfolded. */
function split(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  return { head, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}
const header = (head: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();

/** A part's body as its reader sees it: quoted-printable or base64 undone, read as UTF-8. */
function decoded(part: { head: string; body: string }) {
  const encoding = header(part.head, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return part.body;
  const bytes = part.body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The top-level header, and the text and HTML parts of a multipart/alternative message. */
function partsOf(mail: Received) {
  const message = split(mail.raw);
  const type = header(message.head, 'Content-Type') ?? '';
  expect(type).toMatch(/^multipart\/alternative;/);
  const boundary = /boundary="?([^";]+)"?/.exec(type)![1]!;
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => split(part.replace(/^\r?\n/, '')));
  const of = (kind: string) => {
    const part = parts.find((p) => header(p.head, 'Content-Type')?.startsWith(kind));
    expect(part, `a ${kind} part`).toBeDefined();
    return decoded(part!);
  };
  // SMTP carries CRLF line ends; the texts were written with LF.
  const lines = (text: string) => text.replace(/\r\n/g, '\n');
  return { head: message.head, text: lines(of('text/plain')), html: lines(of('text/html')) };
}

const linksInText = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).sort();
const linksInHtml = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).sort();

/** A campaign's creative, a publisher the editor asks for approvals, and its decision: the mail sent. */
async function approvalMail(names: {
  campaign: string;
  creative: string;
  publisher: string;
  comment: string;
}) {
  const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: names.campaign });
  const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: names.creative });
  const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  const made = await admin.post('/v1/media-entities', { name: names.publisher });
  expect(made.statusCode, made.body).toBe(201);
  const asked = await editor.post(`/v1/campaigns/${campaignId}/approvals`, {
    creative_ids: [creativeId],
    media_entity_ids: [made.json().data.id],
  });
  expect(asked.statusCode, asked.body).toBe(201);
  await t.db
    .updateTable('approvals')
    .set({ status: 'approved', comment: names.comment, decided_at: new Date().toISOString() })
    .where('creative_id', '=', creativeId)
    .execute();
  await sendUntil(() => mails.length >= 1);
  expect(mails).toHaveLength(1);
  return { campaignId, mail: mails[0]! };
}

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
    const { campaignId } = await approvalMail({
      campaign: 'Winter sale',
      creative: 'Skyscraper',
      publisher: 'Daily Planet',
      comment: 'Looks great',
    });
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

  it('sends a text and an HTML part with the same links, marked as sent by a machine, with where to stop it', async () => {
    const { campaignId, mail } = await approvalMail({
      campaign: 'Spring sale',
      creative: 'Leaderboard',
      publisher: 'Morning Post',
      comment: 'Fine by us',
    });
    const { head, text: plain, html } = partsOf(mail);
    expect(header(head, 'Auto-Submitted')).toBe('auto-generated');
    const settings = `${t.config.spaUrl}/myaccount`;
    expect(header(head, 'List-Unsubscribe')).toBe(`<${settings}>`);
    // One-click unsubscribing (RFC 8058) needs an endpoint that works signed out: not offered.
    expect(header(head, 'List-Unsubscribe-Post')).toBeUndefined();

    const approvals = `${t.config.spaUrl}/campaigns/${campaignId}?tab=approvals`;
    expect(linksInText(plain)).toEqual([approvals, settings].sort());
    expect(linksInHtml(html)).toEqual(linksInText(plain));
    // The same words in both; the action is a button.
    for (const words of [
      'Morning Post approved the creative "Leaderboard" of the campaign "Spring sale".',
      'Their comment: Fine by us',
      'You get this because you asked them for approvals.',
    ]) {
      expect(plain).toContain(words);
      expect(html).toContain(words.replaceAll('"', '&quot;'));
    }
    const button = /<a href="([^"]*)" style="display:inline-block;[^"]*">([^<]*)<\/a>/.exec(html);
    expect(button?.slice(1)).toEqual([approvals, 'See the campaign&#39;s approvals']);
    expect(plain).toContain(`See the campaign's approvals: ${approvals}`);
  });

  it('escapes every name and comment in the HTML part', async () => {
    const { campaignId, mail } = await approvalMail({
      campaign: "<a href='https://evil.example'>Win</a>",
      creative: '<b>Big</b> & "bold"',
      publisher: '<img src=x onerror=alert(1)>',
      comment: '<script>alert("hi")</script>\nSecond line',
    });
    const { text: plain, html } = partsOf(mail);
    expect(plain).toContain('<img src=x onerror=alert(1)> approved the creative "<b>Big</b> & "bold""');
    expect(plain).toContain('Their comment: <script>alert("hi")</script>\nSecond line');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; approved');
    expect(html).toContain('&lt;b&gt;Big&lt;/b&gt; &amp; &quot;bold&quot;');
    expect(html).toContain('&lt;a href=&#39;https://evil.example&#39;&gt;Win&lt;/a&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;<br>Second line');
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt; approved &lt;b&gt;Big&lt;/b&gt;');
    for (const hostile of ['<img', '<b>', '<script', "evil.example'>", "href='"])
      expect(html).not.toContain(hostile);
    // Only our own links are links: the campaign's name is text.
    expect(linksInHtml(html)).toEqual(
      [`${t.config.spaUrl}/campaigns/${campaignId}?tab=approvals`, `${t.config.spaUrl}/myaccount`].sort(),
    );
  });

  it('e-mails an invitation to the invited user with a link that joins once; the answer carries no link', async () => {
    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const res = await admin.post('/v1/users/invitations', {
      email: 'invitee@example.com',
      name: 'Ivy Invitee',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.invitation_url).toBeUndefined();
    // The token is stored nowhere in the clear: not on the link, not in the outbox.
    const events = await t.db
      .selectFrom('outbox_events')
      .select('data')
      .where('type', '=', 'user.invited')
      .execute();
    expect(events).toHaveLength(1);
    await sendUntil(() => mails.length >= 1);
    expect(mails.map((mail) => mail.to)).toEqual([['invitee@example.com']]);
    const parts = partsOf(mails[0]!);
    expect(parts.text).toContain('invited you to join');
    const [link] = linksInText(parts.text);
    expect(linksInHtml(parts.html)).toEqual([link]);
    expect(header(parts.head, 'List-Unsubscribe')).toBeUndefined();
    const token = link!.slice(link!.lastIndexOf('/') + 1);
    expect(events[0]!.data).not.toContain(token);
    const guest = await t.guest();
    const password = 'invited password 1';
    const joined = await guest.post('/auth/invitation', { token, password, password_confirmation: password });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.email).toBe('invitee@example.com');
  });

  it('resets a password by e-mail: the same answer for a known and an unknown email, every session ends, a notice follows', async () => {
    const user = await t.createUser({ name: 'Rex Reset', permissions: ['edit campaigns'] });
    const signedIn = await t.injectAs(user);
    const guest = await t.guest();
    const known = await guest.post('/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await guest.post('/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(202);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    await sendUntil(() => mails.length >= 1);
    expect(mails.map((mail) => mail.to)).toEqual([[user.email]]);
    const [link] = linksInText(partsOf(mails[0]!).text);
    const token = link!.slice(link!.lastIndexOf('/') + 1);
    mails.length = 0;

    const password = 'a brand new password';
    const reset = await guest.post('/auth/reset-password', {
      token,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await guest.get('/v1/user')).json().data.id).toBe(user.id);
    expect((await signedIn.get('/v1/campaigns')).statusCode).toBe(401);
    const again = await (await t.guest()).post('/auth/reset-password', {
      token,
      password,
      password_confirmation: password,
    });
    expect(again.statusCode).toBe(422);
    const old = await (await t.guest()).post('/auth/login', {
      email: user.email,
      password: 'correct horse battery',
    });
    expect(old.statusCode).toBe(422);

    await sendUntil(() => mails.length >= 1);
    expect(mails.map((mail) => mail.to)).toEqual([[user.email]]);
    expect(partsOf(mails[0]!).text).toContain('was just changed');
  });

  it('a tick while one runs (the server’s own, every second) waits for it and for one run more, shared', async () => {
    const { mailer } = t.app.services;
    const first = mailer.tick();
    // The run under way may have read before the caller's write: the tick's own run comes after it.
    const second = mailer.tick();
    expect(second).not.toBe(first);
    expect(mailer.tick()).toBe(second);
    let firstEnded = false;
    void first.then(() => {
      firstEnded = true;
    });
    await second;
    expect(firstEnded).toBe(true);
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
    const { text: plain, html } = partsOf(mails.find((mail) => mail.to.includes(admin.email))!);
    expect(linksInText(plain)).toEqual(
      [`${t.config.spaUrl}/profiles/${profile.id}`, `${t.config.spaUrl}/myaccount`].sort(),
    );
    expect(linksInHtml(html)).toEqual(linksInText(plain));
    expect(html).toContain('The latest sync of the feed &quot;Broken feed&quot; failed');
  });
});
