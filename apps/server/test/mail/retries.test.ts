import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine, type TestApp } from '../helper';

/**
 * E-mail's retries (docs/design.md §12): a failed send is tried
 * again after 1, 5, 30 and 120 minutes, then given up; later events do not wait for it. The outbox
 * cursor passes the event at once, and the retry is e-mail's own row.
 */
let t: TestApp;
let smtp: SMTPServer;
/** Messages the SMTP server refused and took, in order. */
const tries: ('refused' | 'taken')[] = [];
let refusing = true;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        tries.push(refusing ? 'refused' : 'taken');
        callback(refusing ? Object.assign(new Error('Try again later'), { responseCode: 451 }) : null);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    MAIL_FROM: 'Adstudio <no-reply@example.com>',
  });
  // The one person a failed sync's e-mail goes to.
  await t.createUser({ name: 'Ada Admin', roles: ['admin'] });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** A failed sync's event, as the trigger writes it: the company's admins are told. */
const failedSync = async (name: string) =>
  (
    await t.db
      .insertInto('outbox_events')
      .values({
        company_id: t.companyId,
        type: 'profile.sync_failed',
        data: JSON.stringify({ id: 999_999, name, status: 'failed' }),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const retryOf = (eventId: number) =>
  t.db.selectFrom('mail_retries').selectAll().where('event_id', '=', eventId).executeTakeFirst();
/** Makes the event's retry due now, as its wait would. */
const due = (eventId: number) =>
  t.db
    .updateTable('mail_retries')
    .set({ retry_at: new Date(Date.now() - 1000).toISOString() })
    .where('event_id', '=', eventId)
    .execute();
const minutesAway = (at: string) => Math.round((Date.parse(at) - Date.now()) / 60_000);

describe(`e-mail retries (${engine})`, () => {
  it('tries a failed e-mail again after 1, 5, 30 and 120 minutes, then gives up', async () => {
    expect(t.app.services.outbox.consumers()).toEqual(['webhooks', 'mail']);
    refusing = true;
    tries.length = 0;
    const event = await failedSync('Flaky feed');
    await t.app.services.mailer.tick();
    expect(tries).toEqual(['refused']);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const retry = await retryOf(event);
      expect(retry).toMatchObject({
        attempts: attempt,
        type: 'profile.sync_failed',
        company_id: t.companyId,
      });
      waits.push(minutesAway(retry!.retry_at));
      // Not due yet: nothing is tried.
      await t.app.services.mailer.tick();
      expect(tries).toHaveLength(attempt);
      await due(event);
      await t.app.services.mailer.tick();
      expect(tries).toHaveLength(attempt + 1);
    }
    expect(waits).toEqual([1, 5, 30, 120]);
    // Five tries, then given up.
    expect(await retryOf(event)).toBeUndefined();
    await t.app.services.mailer.tick();
    expect(tries).toHaveLength(5);
  });

  it('sends a retried e-mail once it goes, and later events meanwhile', async () => {
    refusing = true;
    tries.length = 0;
    const first = await failedSync('First feed');
    await t.app.services.mailer.tick();
    expect(tries).toEqual(['refused']);
    refusing = false;
    const second = await failedSync('Second feed');
    await t.app.services.mailer.tick();
    // The later event went while the first waits for its minute.
    expect(tries).toEqual(['refused', 'taken']);
    expect(await retryOf(second)).toBeUndefined();
    await due(first);
    await t.app.services.mailer.tick();
    expect(tries).toEqual(['refused', 'taken', 'taken']);
    expect(await retryOf(first)).toBeUndefined();
    await t.app.services.mailer.tick();
    expect(tries).toHaveLength(3);
  });
});
